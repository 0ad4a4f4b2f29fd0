// Passwords a guesser tries first are refused wherever a password is set (admin create/reset,
// password change, the first admin's ADMIN_PASSWORD). The server answers 400 `weak_password`.
export const MIN_PASSWORD_LENGTH = 8;

/** Lower-cased; a short list on purpose: the ones people type at a venue, plus the app's own name. */
export const COMMON_PASSWORDS: readonly string[] = [
  'password', 'password1', 'password123', 'passw0rd', '12345678', '123456789', '1234567890', '87654321',
  'qwerty123', 'qwertyuiop', 'qwerty12', 'asdfghjkl', '11111111', '00000000', 'abcd1234', 'abc12345',
  'iloveyou', 'welcome1', 'welcome123', 'admin123', 'admin1234', 'administrator', 'letmein1',
  'moi12345', 'moi123456', 'moimoimoi', 'changeme', 'default1', 'india123', 'chennai123', 'madurai123',
];

/** A run along these ("23456789", "abcdefgh", "qwertyui") is no password either. */
const SEQUENCES = ['01234567890', '9876543210', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];

/** Why the password is too easy to guess (English, for the API message), or null when it is acceptable. */
export function weakPasswordReason(pw: string): string | null {
  if (pw.trim() === '') return 'The password cannot be only spaces';
  if ([...pw].length < MIN_PASSWORD_LENGTH) return `The password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (new Set(pw).size === 1) return 'The password cannot be one character repeated';
  if (COMMON_PASSWORDS.includes(pw.trim().toLowerCase())) return 'This password is too common; choose another';
  const lower = pw.toLowerCase();
  if (SEQUENCES.some((seq) => seq.includes(lower))) return 'The password cannot be a plain run of keys or digits';
  return null;
}
