import { changePasswordEndpoint } from '@seller/contract/auth/change-password';
import { loginTwoFactorEndpoint } from '@seller/contract/auth/complete-two-factor-login';
import { confirmEmailChangeEndpoint } from '@seller/contract/auth/confirm-email-change';
import { disableTwoFactorEndpoint } from '@seller/contract/auth/disable-two-factor';
import { enableTwoFactorEndpoint } from '@seller/contract/auth/enable-two-factor';
import { forgotPasswordEndpoint } from '@seller/contract/auth/forgot-password';
import { getActivityEndpoint } from '@seller/contract/auth/get-activity';
import { getProfileEndpoint } from '@seller/contract/auth/get-profile';
import { getSessionsEndpoint } from '@seller/contract/auth/get-sessions';
import { loginEndpoint } from '@seller/contract/auth/login';
import { logoutEndpoint } from '@seller/contract/auth/logout';
import { regenerateRecoveryCodesEndpoint } from '@seller/contract/auth/regenerate-recovery-codes';
import { requestEmailChangeEndpoint } from '@seller/contract/auth/request-email-change';
import { resetPasswordEndpoint } from '@seller/contract/auth/reset-password';
import { revokeOtherSessionsEndpoint } from '@seller/contract/auth/revoke-other-sessions';
import { revokeSessionEndpoint } from '@seller/contract/auth/revoke-session';
import { setLanguageEndpoint } from '@seller/contract/auth/set-language';
import { signupEndpoint } from '@seller/contract/auth/signup';
import { twoFactorSetupEndpoint } from '@seller/contract/auth/start-two-factor-setup';
import { updateProfileEndpoint } from '@seller/contract/auth/update-profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import { type RateLimitedRoutes, routeKey } from '../../plugins/rate-limit.ts';
import type { ActivityService, RequestClient } from './activity.service.ts';
import type { AuthService } from './auth.service.ts';
import type { EmailChangeService } from './email-change.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { SessionService } from './sessions.service.ts';
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

/** Where a request came from, for the sessions list and the activity. */
const clientOf = (request: FastifyRequest): RequestClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export async function authRoutes(
  app: FastifyInstance,
  options: {
    auth: AuthService;
    passwordReset: PasswordResetService;
    twoFactor: TwoFactorService;
    sessions: SessionService;
    activity: ActivityService;
    emailChange: EmailChangeService;
  },
) {
  const { auth, passwordReset, twoFactor, sessions, activity, emailChange } = options;

  defineRoute(app, signupEndpoint, async ({ body, request }) => ({
    token: await auth.signup(body, {
      ...clientOf(request),
      language: request.headers['accept-language'],
    }),
  }));
  defineRoute(app, loginEndpoint, ({ body, request }) => auth.login(body, clientOf(request)));
  defineRoute(app, loginTwoFactorEndpoint, async ({ body, request }) => ({
    token: await auth.loginWithCode(body, clientOf(request)),
  }));
  defineRoute(app, getProfileEndpoint, ({ seller }) => auth.profile(seller.id));
  defineRoute(app, updateProfileEndpoint, ({ seller, body }) =>
    auth.updateProfile(seller.id, body),
  );
  defineRoute(app, changePasswordEndpoint, async ({ seller, body, request }) => ({
    token: await auth.changePassword(seller.id, body, {
      sessionId: seller.sessionId,
      client: clientOf(request),
    }),
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
    await passwordReset.resetPassword(body.token, body.newPassword, clientOf(request));
  });

  defineRoute(app, twoFactorSetupEndpoint, ({ seller }) => twoFactor.setup(seller.id));
  defineRoute(app, enableTwoFactorEndpoint, async ({ seller, body, request }) => ({
    recoveryCodes: await twoFactor.enable(seller.id, body.code, clientOf(request)),
  }));
  defineRoute(app, disableTwoFactorEndpoint, async ({ seller, body, request }) => {
    await twoFactor.disable(seller.id, body.password, body.code, {
      sessionId: seller.sessionId,
      client: clientOf(request),
    });
  });
  defineRoute(app, regenerateRecoveryCodesEndpoint, async ({ seller, body, request }) => ({
    recoveryCodes: await twoFactor.regenerateRecoveryCodes(seller.id, body.code, clientOf(request)),
  }));

  defineRoute(app, getSessionsEndpoint, ({ seller }) => sessions.list(seller.id, seller.sessionId));
  defineRoute(app, revokeSessionEndpoint, async ({ seller, params, request }) => {
    await sessions.revoke(seller.id, params.id, clientOf(request));
  });
  defineRoute(app, revokeOtherSessionsEndpoint, async ({ seller, request }) => {
    await sessions.revokeOthers(seller.id, seller.sessionId, clientOf(request));
  });
  defineRoute(app, getActivityEndpoint, ({ seller, query }) => activity.list(seller.id, query));

  defineRoute(app, requestEmailChangeEndpoint, async ({ seller, body, request }) => {
    await emailChange.request(seller.id, body, clientOf(request));
    return { accepted: true as const };
  });
  defineRoute(app, confirmEmailChangeEndpoint, ({ body, request }) =>
    emailChange.confirm(body.token, clientOf(request)),
  );
}
