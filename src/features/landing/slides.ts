// The five home slides: images in /public/assets/images/landing (WebP, 4:3, two widths).
export const SLIDES = [
  { key: 's1', image: 'slide-1' },
  { key: 's2', image: 'slide-2' },
  { key: 's3', image: 'slide-3' },
  { key: 's4', image: 'slide-4' },
  { key: 's5', image: 'slide-5' },
] as const;

export const SLIDE_WIDTHS = [480, 800] as const;
export const SLIDE_SIZE = { width: 800, height: 600 };

export function slideSrcSet(image: string): string {
  return SLIDE_WIDTHS.map((w) => `/assets/images/landing/${image}-${w}.webp ${w}w`).join(', ');
}
export const slideSrc = (image: string) => `/assets/images/landing/${image}-800.webp`;
// Full width on phones, at most 600 px on tablets, about half of the 1160 px container on desktops.
export const SLIDE_SIZES = '(min-width: 62em) 560px, min(600px, calc(100vw - 32px))';
