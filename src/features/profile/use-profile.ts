// State of the profile page (spec §4 "Profile page" and "Image flow"): loading → error | loaded,
// view ⇄ edit, and the picture flow; plus the offline path (saved copy, queued work, badges).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../locales/types';
import {
  fetchUserByUsername, profileImageUrl, readCachedUser, revertToServer, saveProfile, uploadPicture,
  useCachedUser, useProfileOutbox,
} from '../../data/profile-repo';
import type { LocalUser } from '../../data/db';
import { ApiRequestError } from '../../lib/api';
import { downscaleImage } from './downscale';
import { isAppAdmin, isImageFile, mobileBlocksSave, sanitizeMobile } from './profile-rules';
import { auth, signedInUser } from '../../lib/auth-store';
import { showProfileToast } from './toast';

export const DEFAULT_AVATAR = '/assets/images/avatars/default.svg';

export type FormValues = { name: string; username: string; mobile: string };
export type Rejection = { kind: 'update' | 'picture'; reason: string };
type LoadError = 'profile.noStoredUser' | 'profile.userNotFound' | 'profile.fetchFailed';

function formOf(u: LocalUser | undefined | null): FormValues {
  return { name: u?.name ?? '', username: u?.username ?? '', mobile: u?.mobile ?? '' };
}

function isNetwork(e: unknown): boolean {
  return e instanceof ApiRequestError && e.isNetwork;
}

/** An object URL for a Blob, made and revoked in one effect (safe under StrictMode's double effects). */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL === 'undefined' || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      if (typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(made);
    };
  }, [blob]);
  return url;
}

export function useProfile() {
  const { t, i18n } = useTranslation();
  const [username] = useState(() => signedInUser()?.username.trim() || null);
  const [phase, setPhase] = useState<'loading' | 'error' | 'loaded'>('loading');
  const [loadError, setLoadError] = useState<LoadError | null>(null);
  const [offlineCopy, setOfflineCopy] = useState(false);
  const [loaded, setLoaded] = useState<LocalUser | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<FormValues>(formOf(null));
  const [nameError, setNameError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const [chosen, setChosen] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [imageStamp, setImageStamp] = useState<number | null>(null);
  const [rejection, setRejection] = useState<Rejection | null>(null);

  // The saved copy follows sync updates (new picture path, pending flag cleared); explicit loads and
  // saves set `loaded` directly so the screen never waits for the live query to catch up.
  const live = useCachedUser(loaded?.id);
  useEffect(() => {
    if (live) setLoaded(live);
  }, [live]);
  const user: LocalUser | null = loaded;
  const outbox = useProfileOutbox(user?.id);
  const admin = isAppAdmin(user?.role);

  /**
   * The message of an error in the user's language. English: the server's own message (spec §8
   * "toast of the message"), else the fallback. Tamil: the catalogue's text for the error code,
   * else the fallback (server messages are English).
   */
  const errorText = useCallback((e: unknown, fallback: MessageKey) => {
    if (i18n.language === 'ta') {
      const key = e instanceof ApiRequestError ? `profile.errors.${e.code}` : '';
      return key && i18n.exists(key) ? t(key as 'profile.errors.network') : t(fallback);
    }
    const msg = e instanceof Error && e.message ? e.message : '';
    return msg || t(fallback);
  }, [i18n, t]);

  // Load: saved copy first (fast paint), then the spec call.
  useEffect(() => {
    let alive = true;
    void (async () => {
      if (!username) {
        setLoadError('profile.noStoredUser');
        setPhase('error');
        return;
      }
      const cached = await readCachedUser(username).catch(() => undefined);
      if (!alive) return;
      if (cached) {
        setLoaded(cached);
        setPhase('loaded');
      }
      try {
        const fresh = await fetchUserByUsername(username);
        if (!alive) return;
        if (!fresh) {
          setLoadError('profile.userNotFound');
          setPhase('error');
          return;
        }
        setLoaded(fresh);
        setOfflineCopy(false);
        setPhase('loaded');
      } catch (e) {
        if (!alive) return;
        if (cached && isNetwork(e)) {
          setOfflineCopy(true);
          return;
        }
        setLoadError('profile.fetchFailed');
        setPhase('error');
        showProfileToast(errorText(e, 'profile.unexpectedError'), 'error');
      }
    })();
    return () => {
      alive = false;
    };
    // errorText changes with the language; a language switch must not reload the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [username, reloadKey]);

  // Announce the server's answer to work queued on this device (also work queued before a reload).
  const awaited = useRef(new Map<string, 'profile.update' | 'profile.picture'>());
  const observed = useRef(new Set<string>());
  useEffect(() => {
    const present = new Set<string>();
    for (const r of outbox.rows) {
      present.add(r.id);
      if (r.state === 'pending' || r.state === 'sending') {
        awaited.current.set(r.id, r.name as 'profile.update' | 'profile.picture');
        observed.current.add(r.id);
        continue;
      }
      const kind = awaited.current.get(r.id);
      if (!kind) continue;
      awaited.current.delete(r.id);
      observed.current.delete(r.id);
      if (r.state === 'done') onAccepted(kind);
      else if (r.state === 'rejected') onRejected(kind, r.lastError ?? r.lastErrorCode ?? '');
    }
    // A row seen waiting and then pruned from the outbox was accepted.
    for (const id of [...observed.current]) {
      if (present.has(id)) continue;
      const kind = awaited.current.get(id);
      observed.current.delete(id);
      awaited.current.delete(id);
      if (kind) onAccepted(kind);
    }
    // onAccepted/onRejected read the latest render's values; only a change of the rows matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outbox.rows]);

  // Showing the saved copy because the network was down: fetch again as soon as it is back.
  useEffect(() => {
    if (!offlineCopy) return;
    const onOnline = () => refreshFromServer();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
    // refreshFromServer only reads the username, fixed for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offlineCopy]);

  function refreshFromServer() {
    if (!username) return;
    fetchUserByUsername(username).then((u) => {
      if (u) {
        setLoaded(u);
        auth.update(u.id, { name: u.name, username: u.username, mobile: u.mobile, profileImagePath: u.profileImagePath });
      }
      setOfflineCopy(false);
    }).catch(() => {
      // still offline for reads: the saved copy stays on screen
    });
  }

  function onAccepted(kind: 'profile.update' | 'profile.picture') {
    if (kind === 'profile.update') {
      showProfileToast(t('profile.updated'), 'success');
    } else {
      setImageStamp(Date.now());
      setDialogOpen(true);
    }
    refreshFromServer();
  }

  function onRejected(kind: 'profile.update' | 'profile.picture', reason: string) {
    // Shown as a lasting alert on the page (a 1-second toast would be too easy to miss).
    setRejection({ kind: kind === 'profile.update' ? 'update' : 'picture', reason });
    if (username) {
      revertToServer(username).then((u) => {
        if (!u) return;
        setLoaded(u);
        auth.update(u.id, { name: u.name, username: u.username, mobile: u.mobile, profileImagePath: u.profileImagePath });
      }).catch(() => {
        // offline again: the next load reverts it
      });
    }
  }

  const startEdit = () => {
    setForm(formOf(user));
    setNameError(false);
    setSaveError(null);
    setEditing(true);
  };
  const cancelEdit = () => {
    setForm(formOf(user));
    setNameError(false);
    setSaveError(null);
    setEditing(false);
  };
  const toggleEdit = () => (editing ? cancelEdit() : startEdit());

  const setField = (field: keyof FormValues, value: string) => {
    setForm((f) => ({ ...f, [field]: field === 'mobile' ? sanitizeMobile(value) : value }));
    if (field === 'name') setNameError(false);
  };

  const save = async () => {
    if (!user || saving) return;
    if (mobileBlocksSave(form.mobile, admin)) {
      showProfileToast(t('profile.mobileToast'), 'error');
      return;
    }
    if (!form.name.trim()) {
      setNameError(true);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const changes = admin ? { name: form.name, username: form.username, mobile: form.mobile } : { name: form.name };
      const outcome = await saveProfile(user, changes, { admin });
      setLoaded(outcome.user);
      auth.update(user.id, { name: outcome.user.name, username: outcome.user.username, mobile: outcome.user.mobile });
      setEditing(false);
      if (outcome.status === 'saved') showProfileToast(t('profile.updated'), 'success');
      else awaited.current.set(outcome.mutationId, 'profile.update');
    } catch (e) {
      setSaveError(t('profile.updateFailed'));
      showProfileToast(errorText(e, 'profile.somethingWrong'), 'error');
    } finally {
      setSaving(false);
    }
  };

  const chooseFile = (file: File | null) => {
    if (!file) return;
    if (!isImageFile(file)) {
      showProfileToast(t('profile.notImage'), 'error');
      return;
    }
    setChosen(file);
  };

  const upload = async () => {
    if (!chosen || !user?.id || uploading) return;
    setUploading(true);
    try {
      const outcome = await uploadPicture(user.id, chosen, downscaleImage);
      setChosen(null);
      if (outcome.status === 'uploaded') {
        auth.update(user.id, { profileImagePath: outcome.profileImagePath });
        setImageStamp(Date.now());
        setDialogOpen(true);
      } else {
        awaited.current.set(outcome.mutationId, 'profile.picture');
      }
    } catch (e) {
      showProfileToast(errorText(e, 'profile.uploadFailed'), 'error');
    } finally {
      setUploading(false);
    }
  };

  const chosenUrl = useObjectUrl(chosen);
  const pendingUrl = useObjectUrl(outbox.pendingPictureBlob);
  const avatarSrc = chosenUrl ?? pendingUrl ?? profileImageUrl(user?.profileImagePath, imageStamp) ?? DEFAULT_AVATAR;

  return {
    username, phase, loadError, offlineCopy, user, admin, retry: () => { setPhase('loading'); setReloadKey((k) => k + 1); },
    editing, toggleEdit, cancelEdit, form, setField, nameError, save, saving, saveError,
    chosen, chooseFile, upload, uploading, avatarSrc, dialogOpen,
    waitingToSync: !!outbox.pendingUpdate,
    waitingToUpload: !!outbox.pendingPicture,
    rejection, dismissRejection: () => setRejection(null),
  };
}
