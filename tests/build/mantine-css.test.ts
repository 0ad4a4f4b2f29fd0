// Mantine's styles in three parts (issue 31): its reset, default variables and global classes for
// every page (app/app.tsx); the components that sign-in and the PWA prompts use, with Mantine's
// provider (lib/mantine-frame.css); the rest with the signed-in layout (app/mantine-app.css). Together
// they must be all of @mantine/core/styles.css, each part in its order, and the first part must
// cover every component sign-in and the prompts render (a component added there without its styles
// would look broken until the signed-in layout had been loaded once).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');
const stylesDir = path.join(root, 'node_modules/@mantine/core/styles');
const GLOBAL = ['baseline', 'default-css-variables', 'global'];

/** Names of the files a source imports from @mantine/core/styles/, in order. */
const imported = (source: string) => [...source.matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].map((m) => m[1]);
const frame = imported(read('src/lib/mantine-frame.css'));
const rest = imported(read('src/app/mantine-app.css'));
const appTsx = read('src/app/app.tsx');

/** Each file's place in Mantine's own styles.css (dependencies before the components built on them). */
const bundle = readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8');
const place = (name: string) => bundle.indexOf(readFileSync(path.join(stylesDir, `${name}.css`), 'utf8').trim());

it('every page gets only the reset, default variables and global classes, not the whole stylesheet', () => {
  expect(appTsx).not.toMatch(/@mantine\/core\/styles(\.layer)?\.css/);
  expect(imported(appTsx)).toEqual(GLOBAL);
});

it('the three parts are all of @mantine/core/styles.css, each file once, each part in its order', () => {
  const all = readdirSync(stylesDir)
    .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
    .map((f) => f.replace(/\.css$/, ''));
  expect([...GLOBAL, ...frame, ...rest].sort()).toEqual(all.sort());
  for (const part of [GLOBAL, frame, rest]) {
    const places = part.map(place);
    expect(places.every((p) => p >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  }
});

it('the first part holds the styles of every Mantine component sign-in and the PWA prompts use', () => {
  // Mantine's shared building blocks (its "CSS files list" guide): many components render them inside.
  const shared = ['ScrollArea', 'UnstyledButton', 'VisuallyHidden', 'Paper', 'Popover', 'CloseButton', 'Group', 'Loader', 'Overlay', 'ModalBase', 'Input', 'InlineInput', 'Flex', 'FloatingIndicator', 'ActionIcon'];
  const used = ['src/features/auth/signin-page.tsx', 'src/features/sync/pwa-prompts-view.tsx', 'src/components/language-switch.tsx', 'src/app/themed-layout.tsx'].flatMap((f) =>
    [...read(f).matchAll(/import \{([^}]+)\} from '@mantine\/core'/g)].flatMap((m) => m[1].split(',').map((n) => n.trim()).filter((n) => /^[A-Z]/.test(n))),
  );
  expect(used).toEqual(expect.arrayContaining(['Button', 'PasswordInput', 'TextInput', 'SegmentedControl', 'Alert', 'Affix']));
  // TextInput is Input; Box and Transition have no styles of their own.
  const withStyles = [...new Set([...shared, ...used].map((n) => (n === 'TextInput' ? 'Input' : n)))].filter((n) => existsSync(path.join(stylesDir, `${n}.css`)));
  expect(withStyles.filter((n) => !frame.includes(n))).toEqual([]);
  // The button's base comes before the button (the order Mantine's guide asks for).
  expect(frame.indexOf('UnstyledButton')).toBeLessThan(frame.indexOf('Button'));
});
