import { loadConfig } from './config.js';
import { createOrderBook } from './orders.js';
import { createSellerCenter } from './seller-center.js';
import { createStorefront } from './storefront.js';
import { createViewCounter } from './view-counter.js';
import { createVisitReader } from './visits.js';

// `npm start`: the storefront on MEMBER_SITE_PORT (4000), talking to SELLER_CENTER_URL.
const config = loadConfig();
const sellerCenter = createSellerCenter({
  baseUrl: config.sellerCenterUrl,
  secret: config.internalApiSecret,
});
// Product views go to the seller center together, once a second.
const views = createViewCounter({
  send: (batch) => sellerCenter.recordViews(batch),
  timeZone: config.timeZone,
});
const readVisit = createVisitReader({
  sellerCenterUrl: config.sellerCenterUrl,
  countryHeader: config.countryHeader,
});
const server = createStorefront({
  config,
  sellerCenter,
  orders: createOrderBook(),
  views,
  readVisit,
});

views.start();
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Member site on http://localhost:${port} (seller center: ${config.sellerCenterUrl})`);
});

// Stop taking pages, then send the views still waiting.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    server.close();
    server.closeIdleConnections();
    void views.stop().finally(() => process.exit(0));
  });
}
