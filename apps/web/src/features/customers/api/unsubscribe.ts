import {
  type UnsubscribeResponse,
  unsubscribeEndpoint,
} from '@seller/contract/customers/unsubscribe';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function submitUnsubscribe(token: string): Promise<UnsubscribeResponse> {
  return apiRequest(unsubscribeEndpoint, { params: { token } });
}

/** The buyer's one-click unsubscribe, made by the button of the page the mail links to. */
export function useUnsubscribe() {
  return useMutation({ mutationFn: submitUnsubscribe });
}
