import {
  type ListFileVersionsResponse,
  listFileVersionsEndpoint,
} from '@seller/contract/products/list-file-versions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';

export function fetchFileVersions(
  productId: string,
  fileId: string,
): Promise<ListFileVersionsResponse> {
  return apiRequest(listFileVersionsEndpoint, { params: { id: productId, fileId } });
}

export function fileVersionsQueryOptions(productId: string, fileId: string) {
  return queryOptions({
    queryKey: productKeys.fileVersions(productId, fileId),
    queryFn: () => fetchFileVersions(productId, fileId),
  });
}

/** Every version of one of the product's files, newest first, with downloads and buyers. */
export function useFileVersions(productId: string, fileId: string) {
  return useQuery(fileVersionsQueryOptions(productId, fileId));
}
