import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { jobSchedules } from './job-schedules.ts';
import { internalApiPlugin } from './lib/internal-signature.ts';
import { type IpCountryTable, loadIpCountryFile } from './lib/ip-country.ts';
import { loggerOptions } from './lib/logger.ts';
import { createPdfWorker } from './lib/pdf/pdf-worker.ts';
import { createEtagMemory } from './lib/public-read.ts';
import { createMemoryStore, createRedisStore } from './lib/rate-limit-store.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { serializerCompiler } from './lib/response-serializer.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { createAccountRepository } from './modules/account/account.repository.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { createRemoveDataExportsJob } from './modules/account/jobs/remove-data-exports.job.ts';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createApiTokenRepository } from './modules/api-tokens/api-tokens.repository.ts';
import { apiTokenRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import {
  apiTokenRequestRule,
  createApiTokenService,
} from './modules/api-tokens/api-tokens.service.ts';
import { createAccountSecurityRepository } from './modules/auth/account-security.repository.ts';
import { createActivityRepository } from './modules/auth/activity.repository.ts';
import { createActivityService } from './modules/auth/activity.service.ts';
import { createSellerRepository } from './modules/auth/auth.repository.ts';
import { authRouteLimits, authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createEmailChangeRepository } from './modules/auth/email-change.repository.ts';
import { createEmailChangeService } from './modules/auth/email-change.service.ts';
import { createPurgeSessionsAndActivityJob } from './modules/auth/jobs/purge-sessions-and-activity.job.ts';
import type { PasswordHashCost } from './modules/auth/password.ts';
import { createPasswordCheckService } from './modules/auth/password-check.service.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import {
  createSessionStateCache,
  sessionChangesChannel,
} from './modules/auth/session-state-cache.ts';
import { createSessionRepository } from './modules/auth/sessions.repository.ts';
import { createSessionService } from './modules/auth/sessions.service.ts';
import { createSignInThrottle } from './modules/auth/sign-in-throttle.ts';
import { withTokenVersionCache } from './modules/auth/token-version-cache.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { createTwoFactorService } from './modules/auth/two-factor.service.ts';
import { createWaysIn } from './modules/auth/ways-in.ts';
import { createBroadcastRepository } from './modules/broadcasts/broadcasts.repository.ts';
import { broadcastRoutes } from './modules/broadcasts/broadcasts.routes.ts';
import { createBroadcastService } from './modules/broadcasts/broadcasts.service.ts';
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCustomerRepository } from './modules/customers/customers.repository.ts';
import { customerInternalRoutes, customerRoutes } from './modules/customers/customers.routes.ts';
import { createCustomerService } from './modules/customers/customers.service.ts';
import { createDeliveryRepository } from './modules/deliveries/deliveries.repository.ts';
import { deliveryInternalRoutes, deliveryRoutes } from './modules/deliveries/deliveries.routes.ts';
import { createDeliveryService } from './modules/deliveries/deliveries.service.ts';
import { createDiscountRepository } from './modules/discounts/discounts.repository.ts';
import { discountInternalRoutes, discountRoutes } from './modules/discounts/discounts.routes.ts';
import { createDiscountService } from './modules/discounts/discounts.service.ts';
import { createExchangeRateRepository } from './modules/exchange-rates/exchange-rates.repository.ts';
import {
  exchangeRateInternalRoutes,
  exchangeRateRoutes,
} from './modules/exchange-rates/exchange-rates.routes.ts';
import { createExchangeRateService } from './modules/exchange-rates/exchange-rates.service.ts';
import { createRefreshExchangeRateJob } from './modules/exchange-rates/jobs/refresh-exchange-rate.job.ts';
import { createGettingStartedRepository } from './modules/getting-started/getting-started.repository.ts';
import { gettingStartedRoutes } from './modules/getting-started/getting-started.routes.ts';
import { createGettingStartedService } from './modules/getting-started/getting-started.service.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createJobsModule } from './modules/jobs/jobs.module.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createOutboxTransport, createSmtpTransport } from './modules/mail/mail-transport.ts';
import { createPayoutRepository } from './modules/payouts/payouts.repository.ts';
import { payoutInternalRoutes, payoutRoutes } from './modules/payouts/payouts.routes.ts';
import { createPayoutService } from './modules/payouts/payouts.service.ts';
import { createProductRepository } from './modules/products/products.repository.ts';
import { productRoutes } from './modules/products/products.routes.ts';
import { createProductService } from './modules/products/products.service.ts';
import { createPurchaseRepository } from './modules/purchases/purchases.repository.ts';
import { purchaseInternalRoutes } from './modules/purchases/purchases.routes.ts';
import {
  createPurchaseService,
  purchaseTurnsPerProduct,
} from './modules/purchases/purchases.service.ts';
import { createRefundRepository } from './modules/refunds/refunds.repository.ts';
import { refundInternalRoutes } from './modules/refunds/refunds.routes.ts';
import { createRefundService } from './modules/refunds/refunds.service.ts';
import { createQueueDailySummariesJob } from './modules/sale-notifications/jobs/queue-daily-summaries.job.ts';
import { createSaleNotificationRepository } from './modules/sale-notifications/sale-notifications.repository.ts';
import { createSaleNotificationService } from './modules/sale-notifications/sale-notifications.service.ts';
import { createSalesRepository } from './modules/sales/sales.repository.ts';
import { salesRoutes } from './modules/sales/sales.routes.ts';
import { createSalesService } from './modules/sales/sales.service.ts';
import { createSettlementRepository } from './modules/settlement/settlement.repository.ts';
import { settlementRoutes } from './modules/settlement/settlement.routes.ts';
import { createSettlementService } from './modules/settlement/settlement.service.ts';
import { createSweepUploadsJob } from './modules/uploads/jobs/sweep-uploads.job.ts';
import { uploadsModule } from './modules/uploads/uploads.module.ts';
import { createUploadRepository } from './modules/uploads/uploads.repository.ts';
import { uploadRouteLimits } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { integrationsModule } from './modules/webhooks/integrations.module.ts';
import { createTrimWebhookLogsJob } from './modules/webhooks/jobs/trim-webhook-logs.job.ts';
import { createWebhookRepository } from './modules/webhooks/webhooks.repository.ts';
import { createWebhookService } from './modules/webhooks/webhooks.service.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { corsPlugin } from './plugins/cors.ts';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { type RateLimitedRoutes, rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { createStorage } from './storage/create-storage.ts';
import type { Storage } from './storage/storage.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Sees every route as it is registered (the access-matrix test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** Where logs go instead of standard output (tests read them). */
  logStream?: DestinationStream;
  /**
   * The clock the daily sale summaries and the recurring jobs' slots go by (tests move it; the
   * system clock otherwise).
   */
  clock?: () => Date;
  /** How a slowed-down sign-in waits (tests hold it; a timer otherwise). */
  sleep?: (ms: number) => Promise<void>;
  /** How long a stamped copy waits for the one before it at most (tests shorten it). */
  stampedCopyWaitMs?: number;
  /**
   * The file store the modules use, made from the configured one (tests wrap it to hold a
   * write); the configured one itself otherwise.
   */
  storage?: (configured: Storage) => Storage;
  /**
   * The cost of new password hashes. Only tests set it, to a cheap one: they sign up and in
   * hundreds of times, and what they check does not depend on the cost.
   */
  passwordHashCost?: PasswordHashCost;
}

/** Builds the whole application; `server.ts` only listens, tests call it through `inject`. */
export async function buildApp({
  config,
  database,
  onRoute,
  logStream,
  clock,
  sleep,
  storage: wrapStorage,
  passwordHashCost,
  stampedCopyWaitMs,
}: AppDependencies): Promise<FastifyInstance> {
  // Read before anything else opens: a bad file stops the start with nothing to close.
  const loadStarted = performance.now();
  const ipCountries: IpCountryTable | null = config.geoipCountryFile
    ? await loadIpCountryFile(config.geoipCountryFile)
    : null;
  const loadMs = Math.round(performance.now() - loadStarted);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: config.bodyLimitBytes,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    // No total time limit per request: a large upload over a slow link takes hours.
    requestTimeout: 0,
    // A URL Fastify cannot decode or a path parameter over its length limit (414) is refused
    // before any route or hook runs: answered in the API's error shape all the same.
    frameworkErrors: frameworkErrorHandler,
  });
  if (ipCountries) {
    app.log.info(
      {
        file: config.geoipCountryFile,
        ipv4Ranges: ipCountries.ipv4Ranges,
        ipv6Ranges: ipCountries.ipv6Ranges,
        ms: loadMs,
      },
      'buyer countries are read from GEOIP_COUNTRY_FILE',
    );
  }
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text body on a JSON route is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  await app.register(jsonBodyPlugin);

  const tokens = createTokenService(
    config.jwtSecret,
    config.tokenTtlSeconds,
    config.jwtPreviousSecrets,
  );
  // Open sessions this copy has checked, kept until the database says the seller's sessions
  // or tokens changed (decision 048); token versions of tokens without a session, for 2 s.
  // A revocation on this copy forgets both at once; on any copy, the database's notice does.
  const sessionCache = createSessionStateCache();
  const sellers = withTokenVersionCache(createSellerRepository(database), {
    onForget: (sellerId) => sessionCache.forgetSeller(sellerId),
  });
  const stopListening = database.listen(sessionChangesChannel, {
    notice: (sellerId) => sellers.forgetTokenVersion(sellerId),
    listening: (state) => sessionCache.setListening(state),
  });
  app.addHook('onClose', stopListening);
  const rateLimitStore = config.redisUrl
    ? await createRedisStore(config.redisUrl)
    : createMemoryStore();
  app.addHook('onClose', () => rateLimitStore.close());
  const limiter = createRateLimiter(rateLimitStore, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  const limits = config.rateLimits;
  const configuredStorage = await createStorage(config.storage);
  const storage = wrapStorage ? wrapStorage(configuredStorage) : configuredStorage;
  // One thread for the PDF work (samples, stamped copies): one PDF at a time per process.
  const pdfWorker = createPdfWorker();
  app.addHook('onClose', () => pdfWorker.close());
  const jobQueue = createJobsModule(database, app, {
    worker: config.jobWorker,
    schedules: jobSchedules(config),
    timeZone: config.timeZone,
    clock,
  });
  const mailTransport = config.mail.smtpUrl
    ? createSmtpTransport(config.mail.smtpUrl, config.mail.from)
    : createOutboxTransport(config.mail.outboxDir, config.mail.from, app.log);
  app.addHook('onClose', async () => mailTransport.close());
  const mail = createMailService({
    queue: jobQueue,
    transport: mailTransport,
    findRecipient: (sellerId) => sellers.findMailRecipient(sellerId),
    publicUrl: config.appUrl,
    timeZone: config.timeZone,
  });
  const security = createAccountSecurityRepository(database.db);
  const now = clock ? { now: clock } : {};
  const activity = createActivityService({
    activity: createActivityRepository(database.db),
    ...now,
  });
  const sessions = createSessionService({
    transaction: database.transaction,
    sessions: createSessionRepository(database),
    activity,
    tokenTtlSeconds: config.tokenTtlSeconds,
    cache: sessionCache,
    ...now,
  });
  // Sealed at rest: authenticator secrets, and the email-change links waiting in the queue.
  const secrets = createSecretBox(config.totpEncryptionKeys[0], config.totpEncryptionKeys.slice(1));
  // One count of password guesses: the sign-in and every password re-check share it.
  const signInThrottle = createSignInThrottle(
    {
      limiter,
      limits: {
        perPair: limits.loginPerAccount,
        perIp: limits.loginPerIp,
        accountCeiling: limits.loginAccountCeiling,
        windowSeconds: limits.loginWindowSeconds,
      },
    },
    sleep,
  );
  const passwordCheck = createPasswordCheckService({
    db: database.db,
    sellers,
    throttle: signInThrottle,
    activity,
  });
  const emailChanges = createEmailChangeRepository();
  const waysIn = createWaysIn({ sessions, security, emailChanges, ...now });
  const twoFactor = createTwoFactorService({
    db: database.db,
    transaction: database.transaction,
    sellers,
    security,
    activity,
    passwordCheck,
    throttle: signInThrottle,
    waysIn,
    secrets,
    ...now,
  });
  const emailChange = createEmailChangeService({
    db: database.db,
    transaction: database.transaction,
    sellers,
    emailChanges,
    waysIn,
    passwordCheck,
    twoFactor,
    activity,
    secrets,
    queue: jobQueue,
    mail,
    ...now,
  });
  const auth = createAuthService({
    db: database.db,
    transaction: database.transaction,
    sellers,
    tokens,
    twoFactor,
    security,
    mail,
    sessions,
    activity,
    signInThrottle,
    passwordCheck,
    waysIn,
    ...(passwordHashCost ? { hashCost: passwordHashCost } : {}),
  });
  const passwordReset = createPasswordResetService({
    db: database.db,
    transaction: database.transaction,
    sellers,
    security,
    queue: jobQueue,
    mail,
    throttle: { limiter, perAccountPerHour: limits.passwordResetsPerHour },
    waysIn,
    activity,
    ...(passwordHashCost ? { hashCost: passwordHashCost } : {}),
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { extraOrigins: storage.browserOrigins });
  await app.register(corsPlugin, {
    origins: config.corsOrigins,
    storageUrls: config.storage.driver === 'local',
  });
  const rateLimitedRoutes: RateLimitedRoutes = {
    ...authRouteLimits({ signupsPerIpPerHour: limits.signupsPerIpPerHour }),
    ...uploadRouteLimits({ urlsPer15Minutes: limits.uploadUrlsPer15Minutes }),
  };
  await app.register(openApiPlugin, {
    publicUrl: config.publicUrl,
    throttledRoutes: Object.keys(rateLimitedRoutes),
  });
  await app.register(rateLimitPlugin, { limiter, routes: rateLimitedRoutes });
  const apiTokens = createApiTokenService({
    transaction: database.transaction,
    tokens: createApiTokenRepository(database.db),
    activity,
  });
  await app.register(authenticatePlugin, {
    tokens,
    currentTokenVersion: (sellerId, claimedVersion) =>
      sellers.tokenVersion(sellerId, claimedVersion),
    sessionAccepts: (sellerId, sessionId, claimedVersion) =>
      sessions.accepts(sellerId, sessionId, claimedVersion),
    apiTokens,
    apiTokenThrottle: { limiter, rule: apiTokenRequestRule(limits.apiTokenRequestsPerMinute) },
  });

  await app.register(healthRoutes, {
    health: createHealthService({ health: createHealthRepository(database) }),
  });
  await app.register(authRoutes, {
    auth,
    passwordReset,
    twoFactor,
    sessions,
    activity,
    emailChange,
  });
  const uploadsService = createUploadsService({
    uploads: createUploadRepository(database),
    storage,
    ttlHours: config.uploadTtlHours,
  });
  await app.register(uploadsModule, {
    database,
    storage,
    auth,
    uploadsService,
  });
  const webhooks = createWebhookService({
    transaction: database.transaction,
    webhooks: createWebhookRepository(database),
    queue: jobQueue,
    secrets: createSecretBox(config.totpEncryptionKeys[0], config.totpEncryptionKeys.slice(1)),
    allowLoopback: config.webhookAllowLoopback,
  });
  const saleNotifications = createSaleNotificationService({
    notifications: createSaleNotificationRepository(database.db, config.timeZone),
    queue: jobQueue,
    ...(clock ? { now: clock } : {}),
    mail,
    findRecipient: (sellerId) => sellers.findMailRecipient(sellerId),
    timeZone: config.timeZone,
    db: database.db,
  });
  await app.register(apiTokenRoutes, { apiTokens });
  app.decorate('queueDailySummaries', () => saleNotifications.queueDailySummaries());
  await app.register(integrationsModule, { webhooks, saleNotifications });
  await app.register(productRoutes, {
    products: createProductService({
      products: createProductRepository(database),
      claimUploads: uploadsService.claim,
      storage,
      pdf: pdfWorker,
      productReview: config.productReview,
      listeners: [
        {
          afterUpdate: (tx, sellerId, product) =>
            webhooks.publishToSeller(tx, sellerId, 'product.updated', product).then(() => {}),
          afterVersion: (tx, sellerId, product, file) =>
            webhooks
              .publishToSeller(tx, sellerId, 'product.updated', { product, file })
              .then(() => {}),
          afterCommit: webhooks.deliverSoon,
        },
      ],
    }),
  });

  await app.register(catalogRoutes, {
    catalog: createCatalogService({
      catalog: createCatalogRepository(database.statements),
      storage,
      publicUrl: config.appUrl,
    }),
    etagMemory: createEtagMemory({
      seconds: config.catalogEtagMemorySeconds,
      ...(clock ? { now: () => clock().getTime() } : {}),
    }),
  });

  const exchangeRates = createExchangeRateService({
    rates: createExchangeRateRepository(database.db),
    timeZone: config.timeZone,
  });
  await app.register(exchangeRateRoutes, { rates: exchangeRates });

  // The recurring jobs; when each runs is in job-schedules.ts.
  jobQueue.register(createQueueDailySummariesJob({ saleNotifications }));
  jobQueue.register(createTrimWebhookLogsJob({ webhooks }));
  jobQueue.register(createPurgeSessionsAndActivityJob({ sessions, activity, log: app.log }));
  jobQueue.register(
    createSweepUploadsJob({
      uploads: createUploadRepository(database),
      storage,
      ttlHours: config.uploadTtlHours,
      log: app.log,
    }),
  );
  if (config.exchangeRateUrl) {
    jobQueue.register(
      createRefreshExchangeRateJob({
        rates: exchangeRates,
        url: config.exchangeRateUrl,
        log: app.log,
      }),
    );
  }
  // The member site's writes go through a pool of their own (`DatabaseHandle.ingest`).
  const purchases = createPurchaseService({
    purchases: createPurchaseRepository(database.ingest, config.timeZone),
    timeZone: config.timeZone,
    viewBatchIntervalMs: config.viewBatchIntervalMs,
    turnsPerProduct: purchaseTurnsPerProduct(config.databaseIngestPoolSize),
    listeners: [saleNotifications.saleListener, webhooks.saleListener],
    ...(clock ? { discountClock: clock } : {}),
  });
  const settlement = createSettlementService({
    transaction: database.transaction,
    settlement: createSettlementRepository(database.db),
    activity,
  });
  const payouts = createPayoutService({
    payouts: createPayoutRepository(database, config.timeZone),
    settlementOf: (sellerId) => settlement.get(sellerId),
    publishPaid: (tx, sellerId, data) =>
      webhooks.publishToSeller(tx, sellerId, 'payout.paid', data),
    queue: jobQueue,
    mail,
    findRecipient: (sellerId) => sellers.findMailRecipient(sellerId),
    timeZone: config.timeZone,
  });
  app.decorate('payouts', payouts);
  const refunds = createRefundService({
    refunds: createRefundRepository(database.ingest, config.timeZone),
    listeners: [saleNotifications.refundListener, webhooks.refundListener],
  });
  const deliveries = createDeliveryService({
    deliveries: createDeliveryRepository(database),
    storage,
    pdf: pdfWorker,
    onStampFailure: (error) => app.log.error({ err: error }, 'a stamped copy could not be made'),
    ...(stampedCopyWaitMs === undefined ? {} : { copyWaitLimitMs: stampedCopyWaitMs }),
    linkTtlSeconds: config.deliveryLinkTtlSeconds,
    publicUrl: config.appUrl,
    ...(ipCountries ? { countryOf: (ip: string) => ipCountries.countryOf(ip) } : {}),
    ...now,
  });
  const discounts = createDiscountService({
    discounts: createDiscountRepository(database.ingest),
    holdSeconds: config.discountHoldSeconds,
    timeZone: config.timeZone,
    ...now,
  });
  const customers = createCustomerService({
    customers: createCustomerRepository(database.db),
    timeZone: config.timeZone,
    ...now,
  });
  await app.register(internalApiPlugin, {
    secret: config.internalApiSecret,
    routes: [
      exchangeRateInternalRoutes(exchangeRates),
      purchaseInternalRoutes(purchases),
      payoutInternalRoutes(payouts),
      refundInternalRoutes(refunds),
      deliveryInternalRoutes(deliveries),
      discountInternalRoutes(discounts),
      customerInternalRoutes(customers),
    ],
  });
  await app.register(discountRoutes, { discounts });
  const sales = createSalesService({
    sales: createSalesRepository(database.statements, config.timeZone),
    timeZone: config.timeZone,
  });
  await app.register(salesRoutes, { sales });
  const analytics = createAnalyticsService({
    analytics: createAnalyticsRepository(database.db, config.timeZone),
    timeZone: config.timeZone,
    ...now,
  });
  await app.register(analyticsRoutes, { analytics });
  await app.register(deliveryRoutes, { deliveries });
  // Before the customer routes: `/api/customers/broadcasts` is not a customer's id.
  await app.register(broadcastRoutes, {
    broadcasts: createBroadcastService({
      broadcasts: createBroadcastRepository(database),
      queue: jobQueue,
      transport: mailTransport,
      publicUrl: config.appUrl,
      ...now,
    }),
  });
  await app.register(customerRoutes, { customers });
  await app.register(settlementRoutes, { settlement });
  await app.register(payoutRoutes, { payouts });
  const account = createAccountService({
    accounts: createAccountRepository(database),
    storage,
    activity,
    sessions,
    twoFactor,
    webhooks,
    payoutDetails: settlement,
    queue: jobQueue,
    mail,
    confirmPassword: (sellerId, password, client) =>
      passwordCheck.confirm(sellerId, password, client),
    acceptSecondFactor: (executor, seller, code) =>
      twoFactor.acceptSecondFactor(executor, seller, code),
    checkingCode: (seller, client, work) => twoFactor.checkingCode(seller, client, work),
    profile: (sellerId) => auth.profile(sellerId),
    settlement: (sellerId) => settlement.get(sellerId),
    salesCsv: async (sellerId) => (await sales.exportCsv(sellerId, 'all')).lines,
    ledgerCsv: (sellerId) => payouts.ledgerCsvOfAllTime(sellerId),
    forgetTokenVersion: (sellerId) => sellers.forgetTokenVersion(sellerId),
    timeZone: config.timeZone,
    ...(clock ? { now: clock } : {}),
  });
  await app.register(accountRoutes, { account });
  jobQueue.register(
    createRemoveDataExportsJob({
      removeExpiredExports: () => account.removeExpiredExports(),
      log: app.log,
    }),
  );

  await app.register(gettingStartedRoutes, {
    gettingStarted: createGettingStartedService({
      gettingStarted: createGettingStartedRepository(database),
    }),
  });

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
