// The landing's "Sign In" button: for a user already signed in on this device (who came from the app's
// Home or Help) it reads "Open the app"; the sign-in route sends them on to their home screen.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signedInUser } from '../../lib/auth-store';
import { SIGN_IN_PATH } from './landing-constants';

export function SignInLink({ className, onClick }: { className: string; onClick?: () => void }) {
  const { t } = useTranslation();
  const signedIn = signedInUser() !== null;
  return (
    <Link to={SIGN_IN_PATH} className={className} onClick={onClick}>
      {t(signedIn ? 'landing.nav.openApp' : 'landing.nav.signIn')}
    </Link>
  );
}
