// The plan's pay action: Razorpay's hosted payment-button script inside a <form>, loaded only when a
// button id is configured and the browser is online; otherwise (or if the script fails to load) a
// "contact us to subscribe" action — a tel: link when a phone is configured, else the contact section.
import { useEffect, useRef, useState } from 'react';
import { IconPhone, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Brand } from '../../lib/brand';
import { trackEvent } from '../../lib/analytics';
import { RAZORPAY_BUTTON_SCRIPT } from './landing-constants';
import { scrollToSection } from './scroll';
import { useOnline } from './use-online';
import classes from './landing.module.css';

type Props = { buttonId: string | null; planName: string; planKey: string; brand: Brand };

function RazorpayForm({ buttonId, planName, onError }: { buttonId: string; planName: string; onError: () => void }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // Razorpay's script renders its button next to itself, so it must live inside this form;
    // React would hoist a JSX <script async>, hence createElement.
    const script = document.createElement('script');
    script.src = RAZORPAY_BUTTON_SCRIPT;
    script.async = true;
    script.dataset.payment_button_id = buttonId;
    script.addEventListener('error', onError);
    form.appendChild(script);
    return () => {
      script.removeEventListener('error', onError);
      form.replaceChildren();
    };
  }, [buttonId, onError]);
  return <form ref={formRef} aria-label={t('landing.pricing.payLabel', { plan: planName })} data-testid="razorpay-form" />;
}

export function SubscribeFallback({ brand, planKey }: { brand: Brand; planKey: string }) {
  const { t } = useTranslation();
  if (brand.phoneHref && brand.phone) {
    return (
      <a
        href={brand.phoneHref}
        className={`${classes.btn} ${classes.withIcon} ${classes.actionButton}`}
        onClick={() => trackEvent('subscribe_contact', { plan: planKey, via: 'phone' })}
      >
        <IconPhone size={18} aria-hidden />
        <span>
          {t('landing.pricing.subscribe')} · <span dir="ltr" className={classes.nowrap}>{brand.phone}</span>
        </span>
      </a>
    );
  }
  return (
    <a
      href="#contact"
      className={`${classes.btn} ${classes.withIcon} ${classes.actionButton}`}
      onClick={(e) => {
        e.preventDefault();
        trackEvent('subscribe_contact', { plan: planKey, via: 'contact' });
        scrollToSection('contact');
      }}
    >
      <IconMessageCircle size={18} aria-hidden />
      <span>{t('landing.pricing.subscribe')}</span>
    </a>
  );
}

export function PaymentButton({ buttonId, planName, planKey, brand }: Props) {
  const { t } = useTranslation();
  const online = useOnline();
  const [failed, setFailed] = useState(false);
  const [onError] = useState(() => () => setFailed(true));
  const usePay = buttonId !== null && online && !failed;
  return (
    <div className={classes.payArea}>
      {usePay ? <RazorpayForm buttonId={buttonId} planName={planName} onError={onError} /> : <SubscribeFallback brand={brand} planKey={planKey} />}
      {buttonId !== null && !online && <p className={classes.payNote}>{t('landing.pricing.offlineNote')}</p>}
    </div>
  );
}
