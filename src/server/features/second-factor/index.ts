export { RECOVERY_CODE_COUNT } from './recovery-codes.js';
export {
  createSecondFactorService,
  type RelyingParty,
  relyingPartyOf,
  type SecondFactorService,
} from './service.js';
