// Self-hosted Noto Sans Tamil (Tamil subset; Latin falls back to the system font). Bundled as CSS +
// woff2 files, which the service worker precaches, so Tamil never renders as boxes, even offline.
import '@fontsource/noto-sans-tamil/tamil-400.css';
import '@fontsource/noto-sans-tamil/tamil-500.css';
import '@fontsource/noto-sans-tamil/tamil-700.css';
