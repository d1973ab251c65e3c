/** Query keys of the seller's data export. */
export const dataExportKeys = {
  all: ['data-export'] as const,
  latest: () => [...dataExportKeys.all, 'latest'] as const,
};
