import { describe, expect, it } from 'vitest';
import {
  mobileBlocksSave,
  fitWithin, formatRole, isAppAdmin, isImageFile, isValidMobile, sanitizeMobile, showMobileHelper,
} from './profile-rules';

describe('role chip text (spec §3)', () => {
  it('turns underscores into spaces and capitalises each word', () => {
    expect(formatRole('event_admin')).toBe('Event Admin');
    expect(formatRole('app_admin')).toBe('App Admin');
    expect(formatRole('counter_staff')).toBe('Counter Staff');
    expect(formatRole('editor')).toBe('Editor');
  });
  it("falls back to 'User' when there is no role", () => {
    expect(formatRole(undefined)).toBe('User');
    expect(formatRole(null)).toBe('User');
    expect(formatRole('')).toBe('User');
    expect(formatRole('_')).toBe('User');
    expect(formatRole(null, 'பயனர்')).toBe('பயனர்');
  });
});

describe('mobile field (spec §5)', () => {
  it('accepts digits only, at most 10', () => {
    expect(sanitizeMobile('98-765 43a210')).toBe('9876543210');
    expect(sanitizeMobile('987654321099')).toBe('9876543210');
    expect(sanitizeMobile('abc')).toBe('');
    expect(sanitizeMobile('௯௮')).toBe(''); // Tamil digits are not ASCII digits
  });
  it('is valid only with exactly 10 digits', () => {
    expect(isValidMobile('9876543210')).toBe(true);
    expect(isValidMobile('987654321')).toBe(false);
    expect(isValidMobile('')).toBe(false);
    expect(isValidMobile(null)).toBe(false);
    expect(isValidMobile(undefined)).toBe(false);
  });
  it('shows the helper while non-empty and not 10 digits', () => {
    expect(showMobileHelper('')).toBe(false);
    expect(showMobileHelper('98765')).toBe(true);
    expect(showMobileHelper('9876543210')).toBe(false);
  });
});

describe('profile rules (spec §6)', () => {
  it('only app_admin is the admin', () => {
    expect(isAppAdmin('app_admin')).toBe(true);
    for (const r of ['event_admin', 'event_owner', 'counter_staff', undefined, null]) expect(isAppAdmin(r)).toBe(false);
  });
  it('accepts only files whose type begins with image/', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'image/heic' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
    expect(isImageFile({ type: 'text/image/png' })).toBe(false);
    expect(isImageFile(null)).toBe(false);
  });
});

describe('picture downscale size', () => {
  it('fits the longest side into 1024 px, keeping the aspect ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 768, height: 1024 });
    expect(fitWithin(1000, 3000)).toEqual({ width: 341, height: 1024 });
    expect(fitWithin(5000, 10)).toEqual({ width: 1024, height: 2 });
    expect(fitWithin(100000, 1)).toEqual({ width: 1024, height: 1 });
  });
  it('never upscales and rejects empty sizes', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1024, 1024)).toEqual({ width: 1024, height: 1024 });
    expect(fitWithin(0, 600)).toEqual({ width: 0, height: 0 });
    expect(fitWithin(Number.NaN, 600)).toEqual({ width: 0, height: 0 });
  });
});

describe('mobileBlocksSave', () => {
  it('holds an editable mobile to exactly 10 digits, empty included', () => {
    expect(mobileBlocksSave('9876543210', true)).toBe(false);
    expect(mobileBlocksSave('98765', true)).toBe(true);
    expect(mobileBlocksSave('', true)).toBe(true);
  });
  it('lets a user who cannot edit the mobile save with none on record, but not with a broken one', () => {
    expect(mobileBlocksSave('', false)).toBe(false);
    expect(mobileBlocksSave('9876543210', false)).toBe(false);
    expect(mobileBlocksSave('98765', false)).toBe(true);
  });
});
