import { changePassword } from '@seller/contract/auth/change-password';
import { getProfile } from '@seller/contract/auth/get-profile';
import { login } from '@seller/contract/auth/login';
import { logout } from '@seller/contract/auth/logout';
import { signup } from '@seller/contract/auth/signup';
import { updateProfile } from '@seller/contract/auth/update-profile';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { AuthService } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance, options: { auth: AuthService }) {
  const { auth } = options;

  defineRoute(app, signup, async ({ body }) => ({ token: await auth.signup(body) }));
  defineRoute(app, login, async ({ body, request }) => ({
    token: await auth.login(body, { ip: request.ip }),
  }));
  defineRoute(app, getProfile, ({ seller }) => auth.profile(seller.id));
  defineRoute(app, updateProfile, ({ seller, body }) => auth.updateProfile(seller.id, body));
  defineRoute(app, changePassword, async ({ seller, body }) => ({
    token: await auth.changePassword(seller.id, body),
  }));
  defineRoute(app, logout, async ({ seller }) => {
    await auth.logout(seller.id);
  });
}
