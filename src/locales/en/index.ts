// The English catalogue is the source of the key set: every other language must match it.
// One file per area so parallel work never edits the same file.
import { common } from './common';
import { nav } from './nav';
import { auth } from './auth';
import { layout } from './layout';
import { pages } from './pages';
import { errors } from './errors';
import { profile } from './profile';
import { gifts } from './gifts';
import { receipt } from './receipt';
import { membership } from './membership';
import { landing } from './landing';
import { admin } from './admin';
import { events } from './events';
import { sync } from './sync';
import { report } from './report';
import { verify } from './verify';
import { messaging } from './messaging';
import { ledger } from './ledger';
import { custody } from './custody';
import { guest } from './guest';
import { glossary } from './glossary';
import { household } from './household';
import { giverQr } from './giver-qr';
import { print } from './print';
import { billing } from './billing';

export const en = {
  common,
  nav,
  auth,
  layout,
  pages,
  errors,
  profile,
  gifts,
  receipt,
  membership,
  landing,
  admin,
  events,
  sync,
  report,
  verify,
  messaging,
  ledger,
  custody,
  guest,
  glossary,
  household,
  giverQr,
  print,
  billing,
};
