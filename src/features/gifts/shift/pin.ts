// The offline PIN check lives in src/lib/pin-hash.ts (shared with the custody chain's nominee PINs).
export { LEGACY_PIN_ITERATIONS, hashPinWeb, pinDigitsOf, verifyPin } from '../../../lib/pin-hash';
