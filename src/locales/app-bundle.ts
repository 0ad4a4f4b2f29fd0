// Every area of both catalogues, loaded with the signed-in app (and by the test set-up).
// The first load carries only the core areas (see src/lib/i18n.ts) to keep the landing route light.
export { en } from './en';
export { ta } from './ta';
