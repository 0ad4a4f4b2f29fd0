// /privacy-policy — what the product keeps, who sees it, for how long, how to ask for deletion.
import { LegalPage } from './legal-page';

export default function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
