import type { GettingStarted } from '@seller/contract/getting-started/get-getting-started';
import type {
  GettingStartedChange,
  GettingStartedRepository,
  GettingStartedState,
} from './getting-started.repository.ts';

const toGettingStarted = (state: GettingStartedState): GettingStarted => ({
  steps: {
    payoutMethod: state.payoutMethod,
    firstProduct: state.firstProduct,
    creatorLinkShared: state.creatorLinkShared,
  },
  dismissed: state.dismissed,
});

export function createGettingStartedService(deps: { gettingStarted: GettingStartedRepository }) {
  const { gettingStarted } = deps;
  return {
    async get(sellerId: string): Promise<GettingStarted> {
      return toGettingStarted(await gettingStarted.read(sellerId));
    },

    async update(sellerId: string, change: GettingStartedChange): Promise<GettingStarted> {
      if (change.creatorLinkShared !== undefined || change.dismissed !== undefined) {
        await gettingStarted.update(sellerId, change);
      }
      return toGettingStarted(await gettingStarted.read(sellerId));
    },
  };
}

export type GettingStartedService = ReturnType<typeof createGettingStartedService>;
