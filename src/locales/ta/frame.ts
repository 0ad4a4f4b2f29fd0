// The areas of the Mantine frame around the app — sign-in, the layout's shared strings and the PWA
// prompts — in one chunk per language, fetched for the active language when sign-in (or a PWA prompt)
// first opens; the landing page does not need them (src/lib/i18n.ts).
import { auth } from './auth';
import { layout } from './layout';
import { sync } from './sync';

export const frame = { auth, layout, sync };
