export { authenticator } from '../../apps/api/src/test/authenticator.ts';
