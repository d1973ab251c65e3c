import { randomBytes, randomUUID } from 'node:crypto';
import { createSellerCenterClient } from '@seller/api-client';

/** The generated client of the seller center API (packages/api-client). */
export type SellerCenterClient = ReturnType<typeof createSellerCenterClient>;

export interface SellerCredentials {
  email: string;
  nickname: string;
  password: string;
}

/** Unique credentials for one test (the server keeps every seller for the whole run). */
export function newCredentials(): SellerCredentials {
  const suffix = randomBytes(5).toString('hex');
  return {
    email: `seller-${suffix}@example.com`,
    nickname: `seller${suffix}`,
    password: `Sunny-Mango-${suffix}-7`,
  };
}

/** A signed-up seller: the credentials and the session token. */
export interface SellerAccount extends SellerCredentials {
  token: string;
}

/** The API of the run's server, as the seller whose token it is (a visitor without one). */
export function sellerClient(baseUrl: string, token?: string): SellerCenterClient {
  return createSellerCenterClient({
    baseUrl,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

interface CallResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/**
 * The answer of a set-up call, which must succeed: a failure stops the test with the call, the
 * status and the server's error body, rather than later with a missing value.
 */
export async function succeeded<Data>(call: Promise<CallResult<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) {
    const request = `${response.url} answered ${response.status}`;
    throw new Error(`${request}: ${JSON.stringify(error)}`);
  }
  return data as Data;
}

/** Signs a new seller up through the API (unique credentials: the run keeps every seller). */
export async function signUp(baseUrl: string): Promise<SellerAccount> {
  const credentials = newCredentials();
  const { token } = await succeeded(
    sellerClient(baseUrl).POST('/api/auth/signup', { body: credentials }),
  );
  return { ...credentials, token };
}

/** Uploads one small file through the upload API: the URL, the PUT of the bytes, completion. */
async function upload(
  api: SellerCenterClient,
  baseUrl: string,
  file: { name: string; type: string; isImage: boolean },
): Promise<{ s3Key: string }> {
  const bytes = Buffer.from(`e2e bytes of ${file.name} ${randomUUID()}`);
  const started = await succeeded(
    api.POST('/api/products/get-upload-url', {
      body: {
        fileName: file.name,
        fileType: file.type,
        fileSize: bytes.length,
        isImage: file.isImage,
      },
    }),
  );
  // The upload URL is the storage's, not an endpoint of the API document.
  const put = await fetch(new URL(started.uploadUrl, baseUrl), {
    method: 'PUT',
    headers: { 'Content-Type': started.contentType },
    body: bytes,
  });
  if (!put.ok) throw new Error(`upload PUT failed: ${put.status} ${await put.text()}`);
  await succeeded(api.POST('/api/products/complete-upload', { body: { s3Key: started.s3Key } }));
  return { s3Key: started.s3Key };
}

/** Creates an active product with one PDF and one thumbnail; returns its id. */
export async function createProduct(
  api: SellerCenterClient,
  baseUrl: string,
  values: { title: string; price: number },
): Promise<string> {
  const file = await upload(api, baseUrl, {
    name: 'guide.pdf',
    type: 'application/pdf',
    isImage: false,
  });
  const thumbnail = await upload(api, baseUrl, {
    name: 'cover.png',
    type: 'image/png',
    isImage: true,
  });
  const created = await succeeded(
    api.POST('/api/products/create', {
      body: {
        title: values.title,
        description: `About ${values.title}`,
        price: values.price,
        files: [file],
        thumbnails: [thumbnail],
      },
    }),
  );
  return created.product.id;
}

/**
 * What a seller in business has filled in: a bio in two languages and payout details in every
 * method, with the long names and numbers real ones have.
 */
export async function fillShopDetails(api: SellerCenterClient, nickname: string): Promise<void> {
  await succeeded(
    api.PUT('/api/auth/profile', {
      body: {
        nickname,
        bio: '서울과 상하이의 크리에이터를 위한 브러시, 템플릿, 요리 강좌. Brushes, templates and cooking classes.',
      },
    }),
  );
  await succeeded(
    api.PUT('/api/auth/settlement-info', {
      body: {
        alipay: { phone: '+86 138 1234 5678', realName: '王伟' },
        bank: {
          name: 'Kookmin Bank',
          account: '123-456-7890-12345',
          accountHolder: '김민수',
          swiftCode: 'CZNAKRSE',
          branch: 'Gangnam Financial Center',
        },
        paypal: { email: 'payouts.for.creators@example-company.com', accountHolder: 'Minsu Kim' },
      },
    }),
  );
}
