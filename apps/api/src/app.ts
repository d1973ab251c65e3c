import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { loggerOptions } from './lib/logger.ts';
import { createSellerRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
}

/** Builds the whole application; `server.ts` only listens, tests call it through `inject`. */
export async function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text body on a JSON route is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');

  const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds);
  const sellers = createSellerRepository(database.db);
  const auth = createAuthService({ sellers, tokens });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(openApiPlugin);
  await app.register(authenticatePlugin, {
    tokens,
    currentTokenVersion: (sellerId) => sellers.tokenVersion(sellerId),
  });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { auth });

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
