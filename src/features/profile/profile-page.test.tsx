// The profile page against fake-indexeddb and a contract-checked fake of the spec's four user calls.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mutationArgsSchemas } from '../../../contract/sync';
import { db } from '../../data/db';
import { en } from '../../locales/en';
import { ta } from '../../locales/ta';
import { ProfilePage } from './profile-page';
import { adminUser, installFakeUserApi, renderWithProviders, signInAs, staffUser, type FakeUserApi } from './profile-test-kit';

let api: FakeUserApi;
let reload: ReturnType<typeof vi.fn<() => void>>;
let blobUrls = 0;

beforeEach(async () => {
  api = await installFakeUserApi();
  reload = vi.fn<() => void>();
  blobUrls = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++blobUrls}`);
  URL.revokeObjectURL = vi.fn();
  signInAs('selvi');
});

afterEach(() => {
  api.assertWithinContract();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  localStorage.clear();
});

const page = (lang: 'en' | 'ta' = 'en') => renderWithProviders(<ProfilePage reload={reload} />, lang);
const loaded = () => screen.findByTestId('profile-page');
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const toast = (text: string) => screen.findByText(text, {}, { timeout: 1500 });

function pngFile(name = 'me.png') {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], name, { type: 'image/png' });
}

describe('loading and load errors (spec §4, §8)', () => {
  it('shows a spinner while the user loads, then the user', async () => {
    const open = api.hold();
    await page();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    open();
    await loaded();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/moi/user/getuserbyusername/selvi' });
  });

  it("says 'No logged-in user found in localStorage' and calls nothing when no user is stored", async () => {
    signInAs(null);
    await page();
    expect(await screen.findByTestId('profile-load-error')).toHaveTextContent('No logged-in user found in localStorage');
    expect(api.calls).toHaveLength(0);
  });

  it("says 'User not found' for an empty list", async () => {
    signInAs('nobody');
    await page();
    expect(await screen.findByTestId('profile-load-error')).toHaveTextContent('User not found');
  });

  it("says 'Failed to fetch user data' with a toast of the server's message", async () => {
    api.failNext(/getuserbyusername/, 500, { code: 'internal_error', message: 'Something went wrong on the server' });
    await page();
    expect(await screen.findByTestId('profile-load-error')).toHaveTextContent('Failed to fetch user data');
    expect(await toast('Something went wrong on the server')).toBeInTheDocument();
  });

  it("toasts 'An unexpected error occurred' when the failure has no message", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('')));
    await page();
    expect(await screen.findByTestId('profile-load-error')).toHaveTextContent('Failed to fetch user data');
    expect(await toast('An unexpected error occurred')).toBeInTheDocument();
  });

  it('toasts at the top centre and closes the toast after 1 second', async () => {
    api.failNext(/getuserbyusername/, 500, { code: 'internal_error', message: 'Database down' });
    await page();
    const t = await toast('Database down');
    expect(t.closest('[data-position]')).toHaveAttribute('data-position', 'top-center');
    await waitFor(() => expect(screen.queryByText('Database down')).not.toBeInTheDocument(), { timeout: 2500 });
  });
});

describe('view (spec §2, §3)', () => {
  it('shows the header card and every information field for a counter staff member', async () => {
    await page();
    await loaded();
    expect(screen.getByRole('heading', { name: 'Selvi Murugan' })).toBeInTheDocument();
    expect(screen.getByText('MOI-1042')).toBeInTheDocument();
    expect(screen.getByTestId('role-chip')).toHaveTextContent('Counter Staff');
    expect(field('User ID').value).toBe('MOI-1042');
    expect(field('Username').value).toBe('selvi');
    expect(field('Full Name').value).toBe('Selvi Murugan');
    expect(field('Mobile Number').value).toBe('9876543210');
    expect(field('User Type').value).toBe('Counter staff (Madurai)');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update DP' })).not.toBeInTheDocument();
  });

  it("shows a known User Type in the user's language", async () => {
    api.users.set(staffUser.id, { ...staffUser, userType: 'staff' });
    await page('ta');
    await loaded();
    expect(field(ta.profile.userType).value).toBe(ta.profile.userTypes.staff);
  });

  it('shows no User Type for a user who has none', async () => {
    api.users.set(staffUser.id, { ...staffUser, userType: null });
    await page('en');
    await loaded();
    expect(screen.queryByLabelText('User Type')).not.toBeInTheDocument();
    expect(field('Full Name').value).toBe('Selvi Murugan');
  });

  it('hides User Type for app_admin and shows the stored picture', async () => {
    signInAs('admin');
    await page();
    await loaded();
    expect(screen.getByTestId('role-chip')).toHaveTextContent('App Admin');
    expect(screen.queryByLabelText('User Type')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Kannan Raja/ })).toHaveAttribute('src', '/moi/user/profile-image/existing-picture');
  });

  it('shows the default stock avatar when no picture is set', async () => {
    await page();
    await loaded();
    expect(screen.getByRole('img', { name: /Selvi Murugan/ })).toHaveAttribute('src', '/assets/images/avatars/default.svg');
  });

  it("falls back to 'User' on the role chip when the role is missing", async () => {
    api.tolerate(/getuserbyusername/); // a role the contract does not know: the page must still show
    api.users.set(staffUser.id, { ...staffUser, role: '' as never });
    await page();
    await loaded();
    expect(screen.getByTestId('role-chip')).toHaveTextContent(/^User$/);
  });
});

describe('editing (spec §4, §5, §6)', () => {
  it('lets a non-admin edit only the full name, and saves through update with lastUpdatedBy = user_id', async () => {
    const user = userEvent.setup();
    await page();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field('Username')).toBeDisabled();
    expect(field('Mobile Number')).toBeDisabled();
    expect(field('Full Name')).toBeEnabled();
    expect(screen.getAllByRole('button', { name: 'Cancel' })).toHaveLength(2); // the header toggle and the form's
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), 'Selvi Kannan');
    const open = api.hold();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    open();
    expect(await toast('User Profile was updated successfully')).toBeInTheDocument();
    const [call] = api.callsTo('/moi/user/update');
    expect(call.body).toEqual({ id: staffUser.id, user_id: 'MOI-1042', name: 'Selvi Kannan', lastUpdatedBy: 'MOI-1042' });
    expect(api.callsTo('/moi/user/updateadmin')).toHaveLength(0);
    // Leaves edit mode and shows the saved data.
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Selvi Kannan' })).toBeInTheDocument();
    expect((await db.users.get(staffUser.id))?.name).toBe('Selvi Kannan');
    expect(await db.outbox.count()).toBe(0); // online: the spec call, no outbox entry
  });

  it('lets app_admin edit username and mobile and saves through updateadmin', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    await page();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field('Username')).toBeEnabled();
    expect(field('Mobile Number')).toBeEnabled();
    await user.clear(field('Username'));
    await user.type(field('Username'), 'kannan');
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '9000012345');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('User Profile was updated successfully')).toBeInTheDocument();
    expect(api.callsTo('/moi/user/update')).toHaveLength(0);
    expect(api.callsTo('/moi/user/updateadmin')[0].body).toEqual({
      id: adminUser.id, user_id: 'MOI-0001', name: 'Kannan Raja', username: 'kannan', mobile: '9000012345', lastUpdatedBy: 'MOI-0001',
    });
    expect(field('Username').value).toBe('kannan');
    // The signed-in user object follows, so the next load asks for the new username.
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: adminUser.id, username: 'kannan', mobile: '9000012345' });
  });

  it('accepts only digits in the mobile field, at most 10, with the helper while incomplete', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    await page();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Mobile Number'));
    expect(screen.queryByText('Mobile number must be 10 digits')).not.toBeInTheDocument(); // empty: no helper
    await user.type(field('Mobile Number'), '98a-7 6');
    expect(field('Mobile Number').value).toBe('9876');
    expect(screen.getByText('Mobile number must be 10 digits')).toBeInTheDocument();
    expect(field('Mobile Number')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Mobile Number'), '54321099999');
    expect(field('Mobile Number').value).toBe('9876543210');
    expect(screen.queryByText('Mobile number must be 10 digits')).not.toBeInTheDocument();
  });

  it('refuses to save a mobile that is not 10 digits: toast, nothing sent', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    await page();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '98765');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('Mobile number must be exactly 10 digits')).toBeInTheDocument();
    await user.clear(field('Mobile Number'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(await db.outbox.count()).toBe(0);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument(); // still editing
  });

  it('lets a non-admin with no mobile on record save a new name (the 10-digit check is for a mobile they can edit)', async () => {
    const user = userEvent.setup();
    api.users.set(staffUser.id, { ...staffUser, mobile: null });
    await page();
    await loaded();
    expect(field('Mobile Number').value).toBe('Not set');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), 'Selvi Kannan');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toast('User Profile was updated successfully')).toBeInTheDocument();
    expect(screen.queryByText('Mobile number must be exactly 10 digits')).not.toBeInTheDocument();
    expect(api.callsTo('/moi/user/update')[0].body).toMatchObject({ id: staffUser.id, name: 'Selvi Kannan' });
    expect(screen.getByRole('heading', { name: 'Selvi Kannan' })).toBeInTheDocument();
  });

  it("shows 'Failed to update user details' with the server's message; Cancel restores the values and clears the error", async () => {
    const user = userEvent.setup();
    await page();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), 'Changed Name');
    api.failNext(/\/moi\/user\/update$/, 403, { code: 'forbidden', message: 'You may only change your own profile' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update user details')).toBeInTheDocument();
    expect(await toast('You may only change your own profile')).toBeInTheDocument();
    expect(field('Full Name').value).toBe('Changed Name'); // still editing, nothing lost
    expect(await db.outbox.count()).toBe(0); // a refusal is not queued
    await user.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    expect(screen.queryByText('Failed to update user details')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(field('Full Name').value).toBe('Selvi Murugan');
  });

  it('the header toggle switches between view and edit, and cancelling from it restores the values', async () => {
    const user = userEvent.setup();
    await page();
    await loaded();
    const toggle = screen.getByRole('button', { name: 'Edit' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveTextContent('Cancel');
    await user.type(field('Full Name'), ' X');
    await user.click(toggle);
    expect(toggle).toHaveTextContent('Edit');
    expect(field('Full Name').value).toBe('Selvi Murugan');
    expect(field('Full Name')).toHaveAttribute('readonly');
  });

  it('requires a full name and sends nothing without one', async () => {
    const user = userEvent.setup();
    await page();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Full Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('image flow (spec §4 "Image flow", §5)', () => {
  it('accepts only image files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await page();
    await loaded();
    const input = screen.getByLabelText('Choose a new profile picture');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.upload(input, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(screen.queryByRole('button', { name: 'Update DP' })).not.toBeInTheDocument();
    expect(await toast('Only image files can be used as a profile picture')).toBeInTheDocument();
  });

  it('previews the chosen picture, uploads it with file and id, then the Success dialog whose OK reloads', async () => {
    const user = userEvent.setup();
    await page();
    await loaded();
    await user.upload(screen.getByLabelText('Choose a new profile picture'), pngFile());
    const preview = screen.getByRole('img', { name: /Selvi Murugan/ }).getAttribute('src')!;
    expect(preview).toMatch(/^blob:preview-\d+$/);
    expect(URL.revokeObjectURL).not.toHaveBeenCalledWith(preview); // the shown preview is still alive
    const open = api.hold();
    await user.click(screen.getByRole('button', { name: 'Update DP' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('Profile picture updated successfully!')).toBeInTheDocument();
    const [call] = api.callsTo('/moi/user/uploadProfileImage');
    const form = call.body as FormData;
    expect(form.get('id')).toBe(staffUser.id);
    expect((form.get('file') as File).type).toBe('image/png');
    // The new picture with a time-stamp query that defeats caching.
    expect(screen.getByRole('img', { name: /Selvi Murugan/ }).getAttribute('src')).toMatch(/^\/moi\/user\/profile-image\/file-1\?t=\d+$/);
    expect((await db.users.get(staffUser.id))?.profileImagePath).toBe('file-1');
    expect(reload).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("toasts the server's message when the upload fails, and 'Update DP' stays for another try", async () => {
    const user = userEvent.setup();
    await page();
    await loaded();
    await user.upload(screen.getByLabelText('Choose a new profile picture'), pngFile());
    api.failNext(/uploadProfileImage/, 415, { code: 'not_image', message: 'Only PNG, JPEG, GIF or WebP images can be uploaded' });
    await user.click(screen.getByRole('button', { name: 'Update DP' }));
    expect(await toast('Only PNG, JPEG, GIF or WebP images can be uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update DP' })).toBeEnabled();
    expect(await db.outbox.count()).toBe(0);
  });

  it("toasts 'Failed to upload image' in Tamil users' language when the server's message is English", async () => {
    const user = userEvent.setup();
    await page('ta');
    await loaded();
    await user.upload(screen.getByLabelText(ta.profile.choosePicture), pngFile());
    api.failNext(/uploadProfileImage/, 500, { code: 'internal_error', message: 'Something went wrong on the server' });
    await user.click(screen.getByRole('button', { name: ta.profile.updateDp }));
    expect(await toast(ta.profile.uploadFailed)).toBeInTheDocument();
  });
});

describe('offline (beyond the spec)', () => {
  it('shows the saved copy with a quiet note when the network is down', async () => {
    await db.users.put({ ...staffUser, _pending: 0 });
    api.online = false;
    await page();
    await loaded();
    expect(screen.getByRole('status')).toHaveTextContent('Offline — showing saved copy');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field('Full Name').value).toBe('Selvi Murugan');
  });

  it('fetches again when the network comes back, and the note goes away', async () => {
    await db.users.put({ ...staffUser, name: 'Old Saved Name', _pending: 0 });
    api.online = false;
    await page();
    await screen.findByText('Offline — showing saved copy');
    expect(screen.getByRole('heading', { name: 'Old Saved Name' })).toBeInTheDocument();
    api.online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Selvi Murugan' })).toBeInTheDocument();
    expect(screen.queryByText('Offline — showing saved copy')).not.toBeInTheDocument();
  });

  it('shows the full-page error when offline with no saved copy', async () => {
    api.online = false;
    await page();
    expect(await screen.findByTestId('profile-load-error')).toHaveTextContent('Failed to fetch user data');
  });

  it('saves offline into Dexie and the outbox, shows "Waiting to sync", and announces success when the server accepts', async () => {
    const user = userEvent.setup();
    await page();
    await loaded();
    api.online = false;
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), 'Selvi Offline');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Waiting to sync')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Selvi Offline' })).toBeInTheDocument();
    expect(screen.queryByText('User Profile was updated successfully')).not.toBeInTheDocument();
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'profile.update', state: 'pending', entity: `user:${staffUser.id}` });
    expect(mutationArgsSchemas['profile.update'].parse(rows[0].args)).toEqual({ id: staffUser.id, name: 'Selvi Offline', lastUpdatedBy: 'MOI-1042' });
    expect(await db.users.get(staffUser.id)).toMatchObject({ name: 'Selvi Offline', _pending: 1 });

    // The sync loop pushes it and the server applies it.
    api.online = true;
    api.users.set(staffUser.id, { ...staffUser, name: 'Selvi Offline', lastUpdatedBy: 'MOI-1042' });
    await act(async () => {
      await db.outbox.update(rows[0].id, { state: 'done' });
    });
    expect(await toast('User Profile was updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Waiting to sync')).not.toBeInTheDocument());
    await waitFor(async () => expect((await db.users.get(staffUser.id))?._pending).toBe(0));
  });

  it('shows a rejection with its reason and reverts to the server values', async () => {
    const user = userEvent.setup();
    await page();
    await loaded();
    api.online = false;
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), 'Rejected Name');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Waiting to sync');
    const [row] = await db.outbox.toArray();
    api.online = true;
    await act(async () => {
      await db.outbox.update(row.id, { state: 'rejected', lastError: 'You may only change your own profile', lastErrorCode: 'forbidden' });
    });
    expect(await screen.findByText('The server did not accept the change: You may only change your own profile')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Selvi Murugan' })).toBeInTheDocument());
    expect(field('Full Name').value).toBe('Selvi Murugan');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Selvi Murugan'));
    expect(screen.queryByText('Waiting to sync')).not.toBeInTheDocument();
  });

  it('keeps pending values over the server copy after a reload, and queues later saves behind them', async () => {
    const user = userEvent.setup();
    const first = await page();
    await loaded();
    api.online = false;
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), 'Pending Name');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Waiting to sync');
    // "Reload" online before the sync loop ran: the server still has the old name.
    first.unmount();
    api.online = true;
    await page();
    await loaded();
    expect(screen.getByRole('heading', { name: 'Pending Name' })).toBeInTheDocument();
    expect(await screen.findByText('Waiting to sync')).toBeInTheDocument();
    // Online, but earlier profile work is queued: the next save queues behind it (order kept).
    api.calls = [];
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), 'Later Name');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    expect(api.callsTo('/moi/user/update')).toHaveLength(0);
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => (r.args as { name: string }).name)).toEqual(['Pending Name', 'Later Name']);
  });

  it('keeps a picture chosen offline as a Blob with a profile.picture mutation, then the Success dialog once uploaded', async () => {
    const user = userEvent.setup();
    await page();
    await loaded();
    api.online = false;
    await user.upload(screen.getByLabelText('Choose a new profile picture'), pngFile());
    await user.click(screen.getByRole('button', { name: 'Update DP' }));
    expect(await screen.findByText('Waiting to upload')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update DP' })).not.toBeInTheDocument();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ name: 'profile.picture', state: 'pending' });
    const args = mutationArgsSchemas['profile.picture'].parse(row.args);
    expect(args).toMatchObject({ userId: staffUser.id, mime: 'image/png' });
    const file = await db.files.get(args.fileId);
    expect(file?.mime).toBe('image/png');
    expect(file?.blob).toBeDefined(); // (fake-indexeddb cannot clone jsdom's Blob faithfully; the e2e test checks the bytes)
    // Preview of the waiting picture (read from the device's file table, a moment after the badge).
    await waitFor(() => expect(screen.getByRole('img', { name: /Selvi Murugan/ }).getAttribute('src')).toMatch(/^blob:preview-/), { timeout: 5000 });

    // The sync loop uploads it: row done, local path updated, Blob removed.
    api.online = true;
    api.users.set(staffUser.id, { ...staffUser, profileImagePath: 'from-sync' });
    await act(async () => {
      await db.transaction('rw', [db.outbox, db.users, db.files], async () => {
        await db.outbox.update(row.id, { state: 'done' });
        await db.users.update(staffUser.id, { profileImagePath: 'from-sync' });
        await db.files.delete(args.fileId);
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('Profile picture updated successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Waiting to upload')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: /Selvi Murugan/ }).getAttribute('src')).toMatch(/^\/moi\/user\/profile-image\/from-sync\?t=\d+$/));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('picture rejected by the server after queueing', () => {
  it('shows the reason, drops the waiting badge and the preview', async () => {
    const user = userEvent.setup();
    await page();
    await loaded();
    api.online = false;
    await user.upload(screen.getByLabelText('Choose a new profile picture'), pngFile());
    await user.click(screen.getByRole('button', { name: 'Update DP' }));
    await screen.findByText('Waiting to upload');
    const [row] = await db.outbox.toArray();
    await act(async () => {
      await db.outbox.update(row.id, { state: 'rejected', lastError: 'Only PNG, JPEG, GIF or WebP images can be uploaded', lastErrorCode: 'not_image' });
    });
    expect(await screen.findByText('The server did not accept the picture: Only PNG, JPEG, GIF or WebP images can be uploaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Waiting to upload')).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: /Selvi Murugan/ })).toHaveAttribute('src', '/assets/images/avatars/default.svg');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/did not accept the picture/)).not.toBeInTheDocument();
  });
});

describe('Tamil', () => {
  it("translates a known server error code and falls back to the Tamil catalogue's text otherwise", async () => {
    api.failNext(/getuserbyusername/, 403, { code: 'forbidden', message: 'You may only read your own profile' });
    await page('ta');
    expect(await screen.findByTestId('profile-load-error')).toHaveTextContent(ta.profile.fetchFailed);
    expect(await toast(ta.profile.errors.forbidden)).toBeInTheDocument();
    expect(screen.queryByText('You may only read your own profile')).not.toBeInTheDocument();
  });

  it('shows every label, button and message of the page in Tamil', async () => {
    const user = userEvent.setup();
    await page('ta');
    await loaded();
    for (const label of [ta.profile.userId, ta.profile.username, ta.profile.fullName, ta.profile.mobileNumber, ta.profile.userType]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByTestId('role-chip')).toHaveTextContent(ta.layout.roles.counter_staff);
    await user.click(screen.getByRole('button', { name: ta.profile.edit }));
    expect(screen.getByRole('button', { name: ta.profile.saveChanges })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: ta.profile.cancel }).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: ta.profile.saveChanges }));
    expect(await toast(ta.profile.updated)).toBeInTheDocument();
  });

  it('has a Tamil string for every English key of the profile catalogue', () => {
    const flat = (o: object, p = ''): Array<[string, string]> =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[p + k, v] as [string, string]] : flat(v as object, `${p}${k}.`)));
    const enKeys = flat(en.profile).map(([k]) => k);
    const taMap = new Map(flat(ta.profile));
    expect([...taMap.keys()].sort()).toEqual([...enKeys].sort());
    for (const [k, v] of taMap) expect(v, k).toMatch(/[\u0B80-\u0BFF]/); // real Tamil script, not an English copy
  });
});
