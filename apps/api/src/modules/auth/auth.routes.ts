import { changePasswordEndpoint } from '@seller/contract/auth/change-password';
import { loginTwoFactorEndpoint } from '@seller/contract/auth/complete-two-factor-login';
import { disableTwoFactorEndpoint } from '@seller/contract/auth/disable-two-factor';
import { enableTwoFactorEndpoint } from '@seller/contract/auth/enable-two-factor';
import { forgotPasswordEndpoint } from '@seller/contract/auth/forgot-password';
import { getProfileEndpoint } from '@seller/contract/auth/get-profile';
import { loginEndpoint } from '@seller/contract/auth/login';
import { logoutEndpoint } from '@seller/contract/auth/logout';
import { regenerateRecoveryCodesEndpoint } from '@seller/contract/auth/regenerate-recovery-codes';
import { resetPasswordEndpoint } from '@seller/contract/auth/reset-password';
import { setLanguageEndpoint } from '@seller/contract/auth/set-language';
import { signupEndpoint } from '@seller/contract/auth/signup';
import { twoFactorSetupEndpoint } from '@seller/contract/auth/start-two-factor-setup';
import { updateProfileEndpoint } from '@seller/contract/auth/update-profile';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import { type RateLimitedRoutes, routeKey } from '../../plugins/rate-limit.ts';
import type { AuthService } from './auth.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/**
 * The limits of the account routes that are counted before the service runs: signups per
 * client address an hour. Sign-ins and password resets are counted by their services, which
 * know whether an attempt failed.
 */
export function authRouteLimits(limits: { signupsPerIpPerHour: number }): RateLimitedRoutes {
  return {
    [routeKey(signupEndpoint)]: {
      rule: { name: 'signup', max: limits.signupsPerIpPerHour, windowSeconds: 60 * 60 },
      subject: 'ip',
    },
  };
}

export async function authRoutes(
  app: FastifyInstance,
  options: { auth: AuthService; passwordReset: PasswordResetService; twoFactor: TwoFactorService },
) {
  const { auth, passwordReset, twoFactor } = options;

  defineRoute(app, signupEndpoint, async ({ body, request }) => ({
    token: await auth.signup(body, { language: request.headers['accept-language'] }),
  }));
  defineRoute(app, loginEndpoint, ({ body, request }) => auth.login(body, { ip: request.ip }));
  defineRoute(app, loginTwoFactorEndpoint, async ({ body, request }) => ({
    token: await auth.loginWithCode(body, { ip: request.ip }),
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
  defineRoute(app, setLanguageEndpoint, async ({ seller, body }) => {
    await auth.setLanguage(seller.id, body.language);
  });

  defineRoute(app, forgotPasswordEndpoint, async ({ body, request }) => {
    await passwordReset.requestReset(body.email, { ip: request.ip });
    return { accepted: true as const };
  });
  defineRoute(app, resetPasswordEndpoint, async ({ body, request }) => {
    await passwordReset.resetPassword(body.token, body.newPassword, { ip: request.ip });
  });

  defineRoute(app, twoFactorSetupEndpoint, ({ seller }) => twoFactor.setup(seller.id));
  defineRoute(app, enableTwoFactorEndpoint, async ({ seller, body }) => ({
    recoveryCodes: await twoFactor.enable(seller.id, body.code),
  }));
  defineRoute(app, disableTwoFactorEndpoint, async ({ seller, body }) => {
    await twoFactor.disable(seller.id, body.password, body.code);
  });
  defineRoute(app, regenerateRecoveryCodesEndpoint, async ({ seller, body }) => ({
    recoveryCodes: await twoFactor.regenerateRecoveryCodes(seller.id, body.code),
  }));
}
