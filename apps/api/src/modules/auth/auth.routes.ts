import { changePasswordEndpoint } from '@seller/contract/auth/change-password';
import { getProfileEndpoint } from '@seller/contract/auth/get-profile';
import { loginEndpoint } from '@seller/contract/auth/login';
import { logoutEndpoint } from '@seller/contract/auth/logout';
import { signupEndpoint } from '@seller/contract/auth/signup';
import { updateProfileEndpoint } from '@seller/contract/auth/update-profile';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { AuthService } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance, options: { auth: AuthService }) {
  const { auth } = options;

  defineRoute(app, signupEndpoint, async ({ body }) => ({ token: await auth.signup(body) }));
  defineRoute(app, loginEndpoint, async ({ body, request }) => ({
    token: await auth.login(body, { ip: request.ip }),
  }));
  defineRoute(app, getProfileEndpoint, ({ seller }) => auth.profile(seller.id));
  defineRoute(app, updateProfileEndpoint, ({ seller, body }) =>
    auth.updateProfile(seller.id, body),
  );
  defineRoute(app, changePasswordEndpoint, async ({ seller, body }) => ({
    token: await auth.changePassword(seller.id, body),
  }));
  defineRoute(app, logoutEndpoint, async ({ seller }) => {
    await auth.logout(seller.id);
  });
}
