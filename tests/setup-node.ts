// Node set-up for the device-side tests that render nothing (data layer, sync, pure logic):
// fake IndexedDB and an in-memory Web Storage, without jsdom's cost per file.
import 'fake-indexeddb/auto';
import { installWebStorage } from './support/web-storage';

installWebStorage();
