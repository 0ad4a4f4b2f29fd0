// Benefits: the seven promises of spec §1 and the "more than 1000 happy users" claim.
import { IconCloudLock, IconDeviceDesktop, IconFileSpreadsheet, IconHeadset, IconLayoutGrid, IconMessageCircle, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const BENEFITS = [
  { key: 'b1', Icon: IconReceipt },
  { key: 'b2', Icon: IconCloudLock },
  { key: 'b3', Icon: IconFileSpreadsheet },
  { key: 'b4', Icon: IconLayoutGrid },
  { key: 'b5', Icon: IconMessageCircle },
  { key: 'b6', Icon: IconDeviceDesktop },
  { key: 'b7', Icon: IconHeadset },
] as const;

export function Benefits() {
  const { t } = useTranslation();
  return (
    <section id="benefits" className={`${classes.section} ${classes.sectionAlt}`} tabIndex={-1} aria-labelledby="benefits-title">
      <div className={classes.container}>
        <h2 id="benefits-title" className={classes.sectionTitle}>{t('landing.benefits.title')}</h2>
        <p className={classes.happy}>
          <span className={classes.happyNumber} aria-hidden="true">{t('landing.benefits.happyUsersShort')}</span>
          <span className={classes.happyLabel} aria-hidden="true">{t('landing.benefits.happyUsersLabel')}</span>
          <span className={classes.srOnly}>{t('landing.benefits.happyUsers')}</span>
        </p>
        <ul className={classes.grid} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {BENEFITS.map(({ key, Icon }) => (
            <li key={key} className={classes.card}>
              <div className={classes.cardIcon}>
                <Icon size={24} aria-hidden />
              </div>
              <h3 className={classes.cardTitle}>{t(`landing.benefits.${key}.title`)}</h3>
              <p className={classes.cardBody}>{t(`landing.benefits.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

