export { authenticator } from '../../../api/src/test/authenticator.ts';
