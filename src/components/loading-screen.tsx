// Full-screen loading state of spec §2: the circular logo with a spinner around it.
import { Box, Center, Image, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const LOGO_URL = '/assets/images/logo-circle.svg';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" role="status" aria-live="polite" aria-label={t('common.loading')} data-testid="loading-screen">
      <Box pos="relative" w={96} h={96}>
        <Image src={LOGO_URL} alt="" w={64} h={64} pos="absolute" top={16} left={16} />
        <Loader size={96} pos="absolute" top={0} left={0} type="oval" />
      </Box>
    </Center>
  );
}
