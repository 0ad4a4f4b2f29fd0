// Layout route (loaded lazily) around every route that uses Mantine: sign-in and the signed-in app.
import { Outlet } from 'react-router-dom';
import { ThemedMantineProvider } from '../lib/themes-provider';

export default function ThemedLayout() {
  return (
    <ThemedMantineProvider>
      <Outlet />
    </ThemedMantineProvider>
  );
}
