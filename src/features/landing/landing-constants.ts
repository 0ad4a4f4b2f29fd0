// Binding constants of spec §9 "Landing page" and the section anchors of spec §2.
export const SECTION_IDS = ['home', 'services', 'benefits', 'how-it-works', 'price-list', 'testimonials', 'contact'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const CAROUSEL_INTERVAL_MS = 4000;
export const CAROUSEL_SLIDE_COUNT = 5;
export const NAV_SCROLLED_THRESHOLD_PX = 100;
export const ACTIVE_SECTION_LINE_RATIO = 0.3;
export const ANCHOR_SCROLL_OFFSET_PX = 80;

export const SIGN_IN_PATH = '/session/signin';
export const PRIVACY_PATH = '/privacy-policy';
export const TERMS_PATH = '/terms-of-service';
export const RAZORPAY_BUTTON_SCRIPT = 'https://checkout.razorpay.com/v1/payment-button.js';
