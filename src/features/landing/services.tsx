// Services: two tabs, Direct and Partnership, each with cards (spec §1 wording).
import { IconBuildingCommunity, IconCash, IconDeviceTablet, IconMoodSmile, IconTrendingUp, IconTrophy, IconUserCheck, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LightTabs } from './service-tabs';
import classes from './landing.module.css';

const DIRECT = [
  { key: 'c1', Icon: IconUserCheck },
  { key: 'c2', Icon: IconDeviceTablet },
  { key: 'c3', Icon: IconCash },
] as const;
const PARTNERSHIP = [
  { key: 'c1', Icon: IconUsersGroup },
  { key: 'c2', Icon: IconTrendingUp },
  { key: 'c3', Icon: IconMoodSmile },
  { key: 'c4', Icon: IconTrophy },
] as const;

export function Services() {
  const { t } = useTranslation();
  return (
    <section id="services" className={classes.section} tabIndex={-1} aria-labelledby="services-title">
      <div className={classes.container}>
        <h2 id="services-title" className={classes.sectionTitle}>{t('landing.services.title')}</h2>
        <p className={classes.sectionLead}>{t('landing.services.lead')}</p>
        <LightTabs
          label={t('landing.services.tabsLabel')}
          tabs={[
            {
              value: 'direct',
              label: (
                <>
                  <IconDeviceTablet size={18} aria-hidden />
                  {t('landing.services.direct.tab')}
                </>
              ),
              panel: (
                <>
                  <div className={classes.tabPanelLead}>
                    <h3 className={classes.tabPanelTitle}>{t('landing.services.direct.title')}</h3>
                    <p className={classes.cardBody}>{t('landing.services.direct.lead')}</p>
                  </div>
                  <div className={classes.grid}>
                    {DIRECT.map(({ key, Icon }) => (
                      <article key={key} className={classes.card}>
                        <div className={classes.cardIcon}>
                          <Icon size={24} aria-hidden />
                        </div>
                        <h4 className={classes.cardTitle}>{t(`landing.services.direct.${key}.title`)}</h4>
                        <p className={classes.cardBody}>{t(`landing.services.direct.${key}.body`)}</p>
                      </article>
                    ))}
                  </div>
                </>
              ),
            },
            {
              value: 'partnership',
              label: (
                <>
                  <IconBuildingCommunity size={18} aria-hidden />
                  {t('landing.services.partnership.tab')}
                </>
              ),
              panel: (
                <>
                  <div className={classes.tabPanelLead}>
                    <h3 className={classes.tabPanelTitle}>{t('landing.services.partnership.title')}</h3>
                    <p className={classes.cardBody}>{t('landing.services.partnership.lead')}</p>
                  </div>
                  <div className={classes.grid}>
                    {PARTNERSHIP.map(({ key, Icon }) => (
                      <article key={key} className={classes.card}>
                        <div className={classes.cardIcon}>
                          <Icon size={24} aria-hidden />
                        </div>
                        <h4 className={classes.cardTitle}>{t(`landing.services.partnership.${key}.title`)}</h4>
                        <p className={classes.cardBody}>{t(`landing.services.partnership.${key}.body`)}</p>
                      </article>
                    ))}
                  </div>
                </>
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}
