// The gift entry form, keyboard first: Enter moves to the next field, Ctrl+Enter saves, a large
// Save button for touch. A likely repeat asks before saving; the gift is written to the device
// (record + outbox in one transaction) and only then handed to onSaved for the receipt.
//
// Rendering is on the save's critical path (the form is "ready" once it is reset and painted), so
// every field is a memoized component with stable props and handlers: a keystroke or the reset
// after a save re-renders only the fields whose value or error changed, not the whole form.
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  Alert, Autocomplete, Button, Checkbox, Group, Kbd, Modal, NativeSelect, SegmentedControl, Stack, Text, TextInput,
} from '@mantine/core';
import { IconDeviceFloppy, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { paymentModes, relations, type PaymentMode } from '../../../../contract/entities';
import type { LocalCounter, LocalEvent, LocalGift } from '../../../data/db';
import { isQuotaError } from '../../../data/outbox';
import { createGift } from '../../../data/gifts-repo';
import { REPEAT_WINDOW_MS, findLikelyRepeat, pickRepeat, suggestVillages } from '../../../data/gift-queries';
import { subscribeRecentGiftsLazy } from '../../../data/lazy-live';
import { setFormDirty } from '../../../lib/form-dirty';
import { formatDate, formatRupees } from '../../../lib/format';
import type { OnDuty } from '../shift/use-shift';
import { UpiQr } from './upi-qr';
import { LedgerHint } from './ledger-hint';
import { useLedgerPeople } from './use-ledger-people';
import type { LedgerHintPerson } from '../../../../contract/ledger';
import classes from './entry-form.module.css';
import { NameSuggest, type NameSuggestControl } from './name-suggestions';
import { amountKeystrokes, expandVillage, isPlainDigits, parseAmount, type NameSuggestion, type VillageShortcuts } from './shortcuts';
import { clearDraft, readDraft, useDraft } from '../../../lib/drafts';
import { digitsOnly, emptyEntry, entryFromDraft, isBlankEntry, mobileAccepted, toGiftFields, validateEntry, type EntryErrors, type EntryValues, type Relation } from './validate';
import { giftErrorText } from '../gift-rules';
import type { GiverQr } from '../../../../contract/giver-qr';
import { ScanGiverDialog, preloadScanner } from './scan-giver-dialog';

/** Of a gift of `amount` (as keyed), the part returning the host's moi of `gave`: all of it when smaller. */
function returningPart(amount: string, gave: number): string {
  const n = parseAmount(amount);
  return String(n != null && n > 0 && n < gave ? n : gave);
}

export type GiftEntryFormProps = {
  event: LocalEvent | null;
  counter: LocalCounter;
  onDuty: OnDuty;
  /** The signed-in user: the gift's author as the server will check it. */
  signedInId: string;
  villages: string[];
  onSaved: (gift: LocalGift) => void;
  disabled?: boolean;
  /** Issue 18: the event's village abbreviations, the quick chips, earlier givers to suggest, and the values as typed (the guest display). */
  shortcuts?: VillageShortcuts;
  quickAmounts: readonly number[];
  givers?: readonly NameSuggestion[];
  onValues?: (v: EntryValues) => void;
};

const FIELD = 'data-entry-field';
/** One draft for the entry screen: the giver being typed, and the counter it was typed at. */
export const ENTRY_DRAFT_KEY = 'gift-entry';
type EntryDraft = { counterId: string; values: EntryValues };

/** What was being typed at this counter before the page went away (reload, update, crash). */
function restoreDraft(counterId: string): EntryValues | null {
  const d = readDraft<EntryDraft>(ENTRY_DRAFT_KEY);
  return d && d.counterId === counterId ? entryFromDraft(d.values) : null;
}
const fieldProps = { [FIELD]: '' } as Record<string, string>;
const RUPEE = <span className={classes.rupee}>₹</span>;
const AMOUNT_ORDER: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];
const IN_PORTAL = { withinPortal: true };
const SAVE_ICON = <IconDeviceFloppy size={26} />;

// Memoized Mantine fields: they re-render only when their own props change.
const MTextInput = memo(TextInput) as unknown as typeof TextInput;
const MAutocomplete = memo(Autocomplete) as unknown as typeof Autocomplete;
const MNativeSelect = memo(NativeSelect) as unknown as typeof NativeSelect;
const MSegmentedControl = memo(SegmentedControl) as unknown as typeof SegmentedControl;
/** Narrower padding on phones, so the four Tamil modes (…, காசோலை, பொருள்) are not cut at 390 px. */
const MODE_CLASSES = { label: classes.modeLabel };
const MButton = memo(Button) as unknown as typeof Button;

const RepeatModal = memo(function RepeatModal({ repeat, lang, onClose, onCancel, onConfirm }: {
  repeat: LocalGift | null; lang: 'en' | 'ta'; onClose: () => void; onCancel: () => void; onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={!!repeat} onClose={onClose} title={t('gifts.repeat.title')} centered>
      {repeat && (
        <Stack>
          <Text>
            {t('gifts.repeat.body', {
              name: repeat.name,
              village: repeat.village || '—',
              amount: formatRupees(repeat.amount),
              time: formatDate(repeat.enteredAt, 'time', lang),
              receiptNo: repeat.receiptNo,
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} data-autofocus>{t('gifts.repeat.cancel')}</Button>
            <Button color="orange" onClick={onConfirm}>{t('gifts.repeat.confirm')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
});

/** One quick amount chip: re-renders only when its own selected state changes. */
const QuickAmount = memo(function QuickAmount({ amount, selected, disabled, onPick }: { amount: number; selected: boolean; disabled?: boolean; onPick: (a: number) => void }) {
  return (
    <Button type="button" variant={selected ? 'filled' : 'light'} size="md" radius="xl" tabIndex={-1} disabled={disabled} aria-pressed={selected} onClick={() => onPick(amount)}>
      {formatRupees(amount)}
    </Button>
  );
});

const QuickAmounts = memo(function QuickAmounts({ amounts, amount, disabled, label, onPick }: { amounts: readonly number[]; amount: number | null; disabled?: boolean; label: string; onPick: (a: number) => void }) {
  return (
    <div className={classes.chips} aria-label={label} role="group">
      {amounts.map((a) => <QuickAmount key={a} amount={a} selected={amount === a} disabled={disabled} onPick={onPick} />)}
    </div>
  );
});

const NO_GIVERS: readonly NameSuggestion[] = [];

/** What "Same as last" copies from the giver saved before: the family's initial, village and relation. */
type LastGiver = Pick<EntryValues, 'initial' | 'village' | 'relation'>;
const SAME_AS_LAST_KEY = 'Alt+S';
const SCAN_KEY = 'Alt+Q';
const SCAN_ICON = <IconQrcode size={20} />;

/**
 * "Same as last (Alt+S)": shown once this form has saved a giver, with what it would copy. A family
 * often comes to the counter together; the staff asks for the previous giver's details, they are
 * never kept by themselves.
 */
const SameAsLast = memo(function SameAsLast({ giver, disabled, onUse }: { giver: LastGiver | null; disabled?: boolean; onUse: () => void }) {
  const { t } = useTranslation();
  if (!giver) return null;
  const what = [giver.initial, giver.village, t(`gifts.relation.${giver.relation}`)].filter(Boolean).join(' · ');
  return (
    <Group gap="xs" wrap="wrap" data-testid="same-as-last">
      <Button type="button" size="compact-md" variant="light" tabIndex={-1} disabled={disabled} onClick={onUse} title={t('gifts.entry.sameAsLastHint')}
        rightSection={<Kbd size="xs">{SAME_AS_LAST_KEY}</Kbd>}>
        {t('gifts.entry.sameAsLast')}
      </Button>
      <Text size="sm" c="dimmed">{what}</Text>
    </Group>
  );
});

/** The form's fixed words, translated once per language (not on every keystroke's render). */
function formLabels(t: TFunction) {
  return {
    title: t('pages.giftEntry.title'), restoredTitle: t('gifts.entry.restoredTitle'), restoredBody: t('gifts.entry.restoredBody'), restoredClear: t('gifts.entry.restoredClear'),
    name: t('gifts.field.name'), initial: t('gifts.field.initial'), village: t('gifts.field.village'), itemValue: t('gifts.field.itemValue'), amount: t('gifts.field.amount'),
    quickAmounts: t('gifts.field.quickAmounts'), mode: t('gifts.field.mode'), upiRef: t('gifts.field.upiRef'), upiConfirm: t('gifts.upi.confirm'),
    chequeNo: t('gifts.field.chequeNo'), bank: t('gifts.field.bank'), item: t('gifts.field.item'), weight: t('gifts.field.weight'), mobile: t('gifts.field.mobile'),
    relation: t('gifts.field.relation'), messageConsent: t('gifts.field.messageConsent'), messageConsentHint: t('gifts.field.messageConsentHint'), note: t('gifts.field.note'),
    save: t('gifts.save'), saveHint: t('gifts.saveHint'), receipt: t('receipt.title'), mobileError: t('gifts.error.mobile'),
    kinName: t('gifts.field.kinName'), giverTitle: t('gifts.field.title'), returning: t('gifts.field.returning'), returningHint: t('gifts.field.returningHint'),
    more: t('gifts.field.more'), less: t('gifts.field.less'),
    scan: t('gifts.scan.button'), scanFilled: t('gifts.scan.filled'), scanLinked: t('gifts.scan.linked'),
  };
}

export const GiftEntryForm = memo(function GiftEntryForm({ event, counter, onDuty, signedInId, villages, onSaved, disabled, shortcuts, quickAmounts, givers, onValues }: GiftEntryFormProps) {
  const { t, i18n } = useTranslation();
  const L = useMemo(() => formLabels(t), [t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const [restored] = useState(() => restoreDraft(counter.id));
  const [v, setV] = useState<EntryValues>(() => restored ?? emptyEntry());
  // "Restored what you were typing": shown until that giver is saved or the form is cleared.
  const [showRestored, setShowRestored] = useState(!!restored);
  const [errors, setErrors] = useState<EntryErrors>({});
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  // A ref, not state: a save must not cost an extra render of the whole form before the commit.
  const savingRef = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [repeat, setRepeat] = useState<LocalGift | null>(null);
  // Villages this form saved that the page's list (loaded once per event) does not have yet.
  const [added, setAdded] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const upiId = event?.upiId ?? null;
  const lang = i18n.language === 'ta' ? 'ta' : 'en';
  const payee = event?.hostNames || (lang === 'ta' ? event?.titleTa || event?.titleEn : event?.titleEn || event?.titleTa) || '';

  const dirty = !!(v.name || v.amount || v.village || v.initial);
  const blank = isBlankEntry(v);
  const draft = useMemo<EntryDraft>(() => ({ counterId: counter.id, values: v }), [counter.id, v]);
  useDraft(disabled ? null : ENTRY_DRAFT_KEY, draft, blank);
  const clearForm = useCallback(() => {
    setV(emptyEntry());
    setErrors({});
    setShowRestored(false);
    nameRef.current?.focus();
  }, []);
  useEffect(() => {
    setFormDirty('gift-entry', dirty);
    return () => setFormDirty('gift-entry', false);
  }, [dirty]);

  useEffect(() => {
    nameRef.current?.focus();
    setAdded([]);
  }, [counter.id]);

  // Recent gifts of this event (all counters, as pulled) plus what this form just saved.
  const recentRef = useRef<LocalGift[] | null>(null);
  const justSavedRef = useRef<LocalGift[]>([]);
  useEffect(() => {
    recentRef.current = null;
    // Refreshed lazily (not on the save's critical path); what this form saved is added on save.
    return subscribeRecentGiftsLazy(counter.eventId, REPEAT_WINDOW_MS, (gs) => {
      recentRef.current = gs;
    });
  }, [counter.eventId]);

  const set = useCallback(<K extends keyof EntryValues>(k: K, value: EntryValues[K]) => {
    setV((cur) => (cur[k] === value ? cur : { ...cur, [k]: value }));
    if (errorsRef.current[k]) setErrors((cur) => ({ ...cur, [k]: undefined }));
  }, []);
  // The returning part the ledger prefilled (what the host gave them), until staff type their own.
  // It is a part of this gift, so it follows the amount as keyed: a smaller gift returns only itself.
  const returningFromLedgerRef = useRef<number | null>(null);
  const capReturning = useCallback((amount: string) => {
    const gave = returningFromLedgerRef.current;
    if (gave != null) set('returning', returningPart(amount, gave));
  }, [set]);
  // Stable change handlers, one per field.
  const on = useMemo(() => {
    const text = (k: 'name' | 'initial' | 'upiRef' | 'chequeNo' | 'bank' | 'item' | 'weight' | 'note' | 'kinName' | 'title') => (e: ChangeEvent<HTMLInputElement>) => set(k, e.currentTarget.value);
    return {
      kinName: text('kinName'), giverTitle: text('title'),
      returning: (e: ChangeEvent<HTMLInputElement>) => { returningFromLedgerRef.current = null; set('returning', amountKeystrokes(e.currentTarget.value)); },
      name: text('name'), initial: text('initial'), upiRef: text('upiRef'), chequeNo: text('chequeNo'), bank: text('bank'), item: text('item'), weight: text('weight'), note: text('note'),
      village: (value: string) => set('village', value),
      amount: (e: ChangeEvent<HTMLInputElement>) => { const a = amountKeystrokes(e.currentTarget.value); set('amount', a); capReturning(a); },
      pickAmount: (a: number) => { set('amount', String(a)); capReturning(String(a)); },
      mobile: (e: ChangeEvent<HTMLInputElement>) => set('mobile', digitsOnly(e.currentTarget.value, 10)),
      relation: (e: ChangeEvent<HTMLSelectElement>) => set('relation', e.currentTarget.value as Relation),
      upiConfirmed: (e: ChangeEvent<HTMLInputElement>) => set('upiConfirmed', e.currentTarget.checked),
      messageConsent: (e: ChangeEvent<HTMLInputElement>) => set('messageConsent', e.currentTarget.checked),
      mode: (m: string) => setV((cur) => ({ ...cur, mode: m as PaymentMode, upiConfirmed: false })),
    };
  }, [set, capReturning]);

  // Alt+L on the ledger hint: take the returning giver's initial, village and mobile, and name the
  // person on the gift (gift.create's ledgerPersonId), so the server links the gift to them.
  const ledgerLinkRef = useRef<string | null>(null);
  const linkToLedger = useCallback((p: LedgerHintPerson) => {
    ledgerLinkRef.current = p.id;
    // Issue 30: who they are beyond the name, and what returns the moi the host gave them (முந்தைய மொய்), prefilled.
    setV((cur) => {
      const gave = !cur.returning && p.lastGiven && cur.mode !== 'item' ? p.lastGiven.amount : null;
      returningFromLedgerRef.current = gave;
      return {
        ...cur, initial: cur.initial || p.initial, village: p.village || cur.village, mobile: cur.mobile || p.mobile,
        kinName: cur.kinName || (p.kinName ?? ''), title: cur.title || (p.title ?? ''),
        returning: gave == null ? cur.returning : returningPart(cur.amount, gave),
      };
    });
    if (p.kinName || p.title || p.lastGiven) setMore(true);
  }, []);
  // The optional fields (spouse's or father's name, title, the returning part) show when asked for or filled; the usual keying never passes through them.
  const [more, setMore] = useState(false);
  const toggleMore = useCallback(() => setMore((m) => !m), []);
  // "Same as last": the previous giver's initial, village and relation, only when asked for (button or Alt+S).
  const [lastGiver, setLastGiver] = useState<LastGiver | null>(null);
  const lastGiverRef = useRef(lastGiver);
  lastGiverRef.current = lastGiver;
  const sameAsLast = useCallback(() => {
    const g = lastGiverRef.current;
    if (!g) return;
    setV((cur) => ({ ...cur, ...g }));
    setErrors((cur) => (cur.initial || cur.village ? { ...cur, initial: undefined, village: undefined } : cur));
  }, []);
  useEffect(() => {
    if (disabled) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      // e.code: the S key whatever the layout types there (a Tamil keyboard, ß on a Mac with Alt).
      if (!e.altKey || e.ctrlKey || e.metaKey || e.code !== 'KeyS' || !lastGiverRef.current) return;
      e.preventDefault();
      sameAsLast();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sameAsLast, disabled]);

  // A cleared name is a new giver: the link goes with it.
  useEffect(() => { if (!v.name) { ledgerLinkRef.current = null; returningFromLedgerRef.current = null; setFromQr(null); } }, [v.name]);

  // Issue 30: the giver's own QR (filled on their phone at /qr) read by the camera. The form takes
  // what it carries as a new giver; from a host's invitation the gift names that ledger person, as
  // Alt+L does. The staff then only confirm the cash: the amount is next, or Save when the giver gave one.
  const [scanOpen, setScanOpen] = useState(false);
  const [fromQr, setFromQr] = useState<{ linked: boolean } | null>(null);
  const openScan = useCallback(() => setScanOpen(true), []);
  const closeScan = useCallback(() => {
    setScanOpen(false);
    requestAnimationFrame(() => nameRef.current?.focus());
  }, []);
  const fillFromQr = useCallback((g: GiverQr) => {
    const linked = !!(g.ownerId && g.personId);
    ledgerLinkRef.current = linked ? g.personId : null;
    returningFromLedgerRef.current = null;
    flushSync(() => {
      setScanOpen(false);
      setV({
        ...emptyEntry(), name: g.name, initial: g.initial, kinName: g.kin, village: g.village, mobile: g.mobile,
        amount: g.amount ? String(g.amount) : '',
        // The giver wrote their mobile on their own phone for the receipt (the public form says so).
        messageConsent: !!g.mobile,
      });
      setErrors({});
      setShowRestored(false);
      setFromQr({ linked });
    });
    const focusNext = () => {
      const form = formRef.current;
      const el = g.amount ? form?.querySelector<HTMLElement>('button[type="submit"]') : form?.querySelector<HTMLElement>('input[name="amount"]');
      el?.focus();
      if (el && document.activeElement !== el) requestAnimationFrame(() => el.focus());
    };
    focusNext();
    requestAnimationFrame(focusNext);
  }, []);
  useEffect(() => {
    if (disabled) return;
    // The QR reader's chunk, once the form is up and idle: not on the first paint's path.
    const idle = setTimeout(preloadScanner, 2000);
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.code !== 'KeyQ') return;
      e.preventDefault();
      setScanOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(idle);
      window.removeEventListener('keydown', onKey);
    };
  }, [disabled]);

  const allVillages = useMemo(() => (added.length ? [...added.filter((a) => !villages.includes(a)), ...villages] : villages), [added, villages]);
  const villageOptions = useMemo(() => suggestVillages(allVillages, v.village, 8), [allVillages, v.village]);
  const amountNum = parseAmount(v.amount);
  // A shortcut ("1k1") shows what it stands for before the save: "= ₹1,001".
  const amountShown = amountNum ? (isPlainDigits(v.amount) ? formatRupees(amountNum) : t('guest.amountIs', { amount: formatRupees(amountNum) })) : undefined;
  const villageExpansion = useMemo(() => expandVillage(v.village, shortcuts), [v.village, shortcuts]);
  const villageData = useMemo(() => (villageExpansion ? [villageExpansion, ...villageOptions.filter((o) => o !== villageExpansion)] : villageOptions), [villageExpansion, villageOptions]);
  const villageRef = useRef<HTMLInputElement>(null);
  const expandVillageNow = useCallback(() => {
    const el = villageRef.current;
    const x = el ? expandVillage(el.value, shortcutsRef.current) : null;
    if (x) set('village', x);
  }, [set]);
  const shortcutsRef = useRef(shortcuts);
  shortcutsRef.current = shortcuts;
  const normalizeAmount = useCallback(() => {
    setV((cur) => {
      const n = parseAmount(cur.amount);
      return n !== null && !isPlainDigits(cur.amount) ? { ...cur, amount: String(n) } : cur;
    });
  }, []);

  // Name suggestions (this event's givers and the ledger's people): their own component, looked up
  // at lower priority than typing; the name field hands it Tab ↓ ↑ Esc and its blur.
  const ledgerPeople = useLedgerPeople(counter.eventId);
  const suggestCtl = useRef<NameSuggestControl>(null);
  const takeSuggestion = useCallback((sg: NameSuggestion) => {
    setV((cur) => ({ ...cur, name: sg.name, initial: sg.initial || cur.initial, village: sg.village || cur.village, mobile: cur.mobile || sg.mobile }));
    // One key: the giver is filled in, and the amount is next.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input[name="amount"]')?.focus());
  }, []);
  const onNameKeyDown = useCallback((e: KeyboardEvent<HTMLInputElement>) => suggestCtl.current?.onKeyDown(e), []);

  // The guest display follows what is typed: after paint, never on the save's path.
  const hideSuggestions = useCallback(() => suggestCtl.current?.hide(), []);
  const onValuesRef = useRef(onValues);
  onValuesRef.current = onValues;
  useEffect(() => { onValuesRef.current?.(v); }, [v]);
  const modeData = useMemo(() => paymentModes.map((m) => ({ value: m, label: t(`glossary.paymentMode.${m}`) })), [t]);
  const relationData = useMemo(() => relations.map((r) => ({ value: r, label: t(`gifts.relation.${r}`) })), [t]);

  const focusFirstError = (e: EntryErrors) => {
    const order: (keyof EntryValues)[] = ['name', 'initial', 'village', 'kinName', 'title', 'amount', 'returning', 'item', 'weight', 'upiRef', 'chequeNo', 'mobile', 'note', 'upiConfirmed'];
    const first = order.find((k) => e[k]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const commit = async (values: EntryValues) => {
    performance.mark('moi.save.commit');
    setFailure(null);
    try {
      const gift = await createGift({
        ...toGiftFields(values),
        eventId: counter.eventId,
        counterId: counter.id,
        counterCode: counter.code,
        authorId: signedInId,
        // Staff switched in by PIN on a shared tablet: recorded next to the signed-in user.
        ...(onDuty.userId !== signedInId ? { pinAuthorId: onDuty.userId } : {}),
        ...(ledgerLinkRef.current ? { ledgerPersonId: ledgerLinkRef.current } : {}),
      });
      ledgerLinkRef.current = null;
      performance.mark('moi.save.committed');
      // Saved: its draft goes in this task, so a reload now cannot bring the giver back as "not saved".
      clearDraft(ENTRY_DRAFT_KEY);
      justSavedRef.current = [...justSavedRef.current.slice(-49), gift];
      // The gift and its outbox row are committed: reset the form and show the saved banner in
      // this task (not a later scheduler task that other work can get ahead of); the full
      // receipt renders after, at low priority (onSaved's receiver defers it).
      flushSync(() => {
        // The next giver starts afresh: nothing of this one stays unless "Same as last" is asked for.
        setV(emptyEntry());
        setLastGiver({ initial: gift.initial, village: gift.village, relation: gift.relation });
        setErrors((cur) => (Object.keys(cur).length ? {} : cur));
        setShowRestored(false);
        setFromQr(null);
        if (gift.village && !villages.includes(gift.village)) setAdded((a) => (a.includes(gift.village) ? a : [gift.village, ...a]));
        onSaved(gift);
      });
      nameRef.current?.focus();
    } catch (e) {
      setFailure(isQuotaError(e) ? t('gifts.error.storageFull') : t('gifts.error.saveFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  const save = async () => {
    if (savingRef.current || disabled) return;
    performance.mark('moi.save.start');
    // A village abbreviation still in the field (Ctrl+Enter straight from it) is saved expanded.
    const expanded = expandVillage(v.village, shortcuts);
    const cur = expanded ? { ...v, village: expanded } : v;
    const e = validateEntry(cur, { upiNeedsConfirm: !!upiId });
    if (Object.values(e).some(Boolean)) {
      setErrors(e);
      focusFirstError(e);
      return;
    }
    savingRef.current = true;
    try {
      const fields = toGiftFields(cur);
      const probe = { eventId: counter.eventId, name: fields.name, village: fields.village, amount: fields.amount };
      const recent = recentRef.current;
      let dup: LocalGift | null;
      if (recent) {
        // the live copy wins over what this form remembers (it may since have been deleted)
        const seen = new Set(recent.map((g) => g.id));
        dup = pickRepeat([...recent, ...justSavedRef.current.filter((g) => !seen.has(g.id))], probe);
      } else dup = await findLikelyRepeat(probe);
      if (dup) {
        setRepeat(dup);
        return;
      }
      await commit(cur);
    } finally {
      savingRef.current = false;
    }
  };

  const confirmRepeat = async () => {
    if (savingRef.current) return;
    savingRef.current = true;
    setRepeat(null);
    try {
      const expanded = expandVillage(v.village, shortcuts);
      await commit(expanded ? { ...v, village: expanded } : v);
    } finally {
      savingRef.current = false;
    }
  };

  const confirmRef = useRef(confirmRepeat);
  confirmRef.current = confirmRepeat;
  const confirmRepeatStable = useCallback(() => void confirmRef.current(), []);
  const closeRepeat = useCallback(() => setRepeat(null), []);
  const cancelRepeat = useCallback(() => {
    setRepeat(null);
    nameRef.current?.focus();
  }, []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      void save();
      return;
    }
    if (target.tagName === 'BUTTON' || target.tagName === 'TEXTAREA' || e.defaultPrevented) return;
    if (target === villageRef.current) expandVillageNow();
    const fields = Array.from(formRef.current?.querySelectorAll<HTMLElement>(`[${FIELD}]`) ?? []).filter((el) => !(el as HTMLInputElement).disabled);
    const i = fields.indexOf(target);
    if (i < 0) return;
    e.preventDefault();
    if (i === fields.length - 1) void save();
    else fields[i + 1].focus();
  };

  const err = (k: keyof EntryValues) => { const e = errors[k]; return e ? giftErrorText(t, e) : undefined; };

  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={L.title}>
        <div className={classes.stack}>
          {showRestored && (
            <Alert color="blue" variant="light" data-testid="entry-restored" title={L.restoredTitle}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{L.restoredBody}</Text>
                <Button size="compact-sm" variant="subtle" onClick={clearForm}>{L.restoredClear}</Button>
              </Group>
            </Alert>
          )}
          <div className={classes.scanRow}>
            <Button type="button" variant="light" size="md" className={classes.scanButton} tabIndex={-1} leftSection={SCAN_ICON} rightSection={<Kbd size="xs" visibleFrom="xs">{SCAN_KEY}</Kbd>} onClick={openScan} disabled={disabled} data-testid="scan-open">
              {L.scan}
            </Button>
          </div>
          {fromQr ? (
            <Alert color="teal" variant="light" role="status" data-testid="scan-filled">
              <Text size="sm">{L.scanFilled}</Text>
              {fromQr.linked ? <Text size="sm" fw={600} data-testid="scan-linked">{L.scanLinked}</Text> : null}
            </Alert>
          ) : null}
          <div className={classes.nameBox}>
            <MTextInput
              ref={nameRef}
              name="name"
              label={L.name}
              required
              size="lg"
              autoComplete="off"
              value={v.name}
              onChange={on.name}
              onKeyDown={onNameKeyDown}
              onBlur={hideSuggestions}
              error={err('name')}
              disabled={disabled}
              {...fieldProps}
            />
            <NameSuggest name={v.name} givers={givers ?? NO_GIVERS} ledgerPeople={ledgerPeople} disabled={disabled} input={nameRef} control={suggestCtl} onPick={takeSuggestion} />
          </div>
          <SameAsLast giver={lastGiver} disabled={disabled} onUse={sameAsLast} />
          <div className={classes.pair}>
            <MTextInput
              name="initial"
              label={L.initial}
              size="md"
              autoComplete="off"
              value={v.initial}
              onChange={on.initial}
              error={err('initial')}
              disabled={disabled}
              {...fieldProps}
            />
            <MAutocomplete
              ref={villageRef}
              name="village"
              label={L.village}
              size="md"
              autoComplete="off"
              data={villageData}
              value={v.village}
              onChange={on.village}
              onBlur={expandVillageNow}
              error={err('village')}
              disabled={disabled}
              comboboxProps={IN_PORTAL}
              {...fieldProps}
            />
          </div>
          {more || v.kinName || v.title ? (
            <div className={classes.pair}>
              <MTextInput name="kinName" label={L.kinName} size="md" autoComplete="off" value={v.kinName} onChange={on.kinName} error={err('kinName')} disabled={disabled} {...fieldProps} />
              <MTextInput name="title" label={L.giverTitle} size="md" autoComplete="off" value={v.title} onChange={on.giverTitle} error={err('title')} disabled={disabled} {...fieldProps} />
            </div>
          ) : null}
          <Button variant="subtle" size="compact-sm" onClick={toggleMore} disabled={disabled} aria-expanded={more || !!(v.kinName || v.title || v.returning)} data-testid="entry-more" style={{ alignSelf: 'flex-start' }}>
            {more || v.kinName || v.title || v.returning ? L.less : L.more}
          </Button>
          <LedgerHint eventId={counter.eventId} name={v.name} initial={v.initial} village={v.village} mobile={v.mobile} onLink={linkToLedger} disabled={disabled} />
          <MTextInput
            name="amount"
            label={v.mode === 'item' ? L.itemValue : L.amount}
            required={v.mode !== 'item'}
            size="lg"
            inputMode="numeric"
            autoComplete="off"
            leftSection={RUPEE}
            value={v.amount}
            onChange={on.amount}
            error={err('amount')}
            description={amountShown}
            onBlur={normalizeAmount}
            inputWrapperOrder={AMOUNT_ORDER}
            disabled={disabled}
            {...fieldProps}
          />
          {(more || v.returning) && v.mode !== 'item' ? (
            <MTextInput
              name="returning"
              label={L.returning}
              description={amountNum != null && parseAmount(v.returning) != null && parseAmount(v.returning)! <= amountNum
                ? `${L.returningHint} ${t('gifts.field.newPart', { amount: formatRupees(amountNum - parseAmount(v.returning)!) })}`
                : L.returningHint}
              size="md"
              inputMode="numeric"
              autoComplete="off"
              leftSection={RUPEE}
              value={v.returning}
              onChange={on.returning}
              error={err('returning')}
              disabled={disabled}
              {...fieldProps}
            />
          ) : null}
          <QuickAmounts amounts={quickAmounts} amount={amountNum} disabled={disabled} label={L.quickAmounts} onPick={on.pickAmount} />
          <div className={classes.tight}>
            <p className={classes.label} id="mode-label">{L.mode}</p>
            <MSegmentedControl
              classNames={MODE_CLASSES}
              aria-labelledby="mode-label"
              size="md"
              fullWidth
              value={v.mode}
              disabled={disabled}
              onChange={on.mode}
              data={modeData}
            />
          </div>
          {v.mode === 'upi' && (
            <div className={classes.stack}>
              <UpiQr upiId={upiId} payee={payee} amount={amountNum} note={`${L.receipt} ${counter.code}`} />
              <TextInput name="upiRef" label={L.upiRef} size="md" autoComplete="off" value={v.upiRef} onChange={on.upiRef} error={err('upiRef')} disabled={disabled} {...fieldProps} />
              {upiId && (
                <Checkbox
                  name="upiConfirmed"
                  size="md"
                  label={L.upiConfirm}
                  checked={v.upiConfirmed}
                  onChange={on.upiConfirmed}
                  error={err('upiConfirmed')}
                  disabled={disabled}
                />
              )}
            </div>
          )}
          {v.mode === 'cheque' && (
            <div className={classes.pair}>
              <TextInput name="chequeNo" label={L.chequeNo} required size="md" autoComplete="off" value={v.chequeNo} onChange={on.chequeNo} error={err('chequeNo')} disabled={disabled} {...fieldProps} />
              <TextInput name="bank" label={L.bank} size="md" autoComplete="off" value={v.bank} onChange={on.bank} disabled={disabled} {...fieldProps} />
            </div>
          )}
          {v.mode === 'item' && (
            <div className={classes.pair}>
              <TextInput name="item" label={L.item} required size="md" autoComplete="off" value={v.item} onChange={on.item} error={err('item')} disabled={disabled} {...fieldProps} />
              <TextInput name="weight" label={L.weight} size="md" inputMode="decimal" autoComplete="off" value={v.weight} onChange={on.weight} error={err('weight')} disabled={disabled} {...fieldProps} />
            </div>
          )}
          <div className={classes.pair}>
            <MTextInput
              name="mobile"
              label={L.mobile}
              size="md"
              inputMode="numeric"
              autoComplete="off"
              value={v.mobile}
              onChange={on.mobile}
              error={err('mobile') ?? (v.mobile && !mobileAccepted(v.mobile) ? L.mobileError : undefined)}
              disabled={disabled}
              {...fieldProps}
            />
            <MNativeSelect
              name="relation"
              label={L.relation}
              size="md"
              value={v.relation}
              onChange={on.relation}
              data={relationData}
              disabled={disabled}
              {...fieldProps}
            />
          </div>
          {v.mobile.length === 10 && (
            <Checkbox
              name="messageConsent"
              size="md"
              label={L.messageConsent}
              description={L.messageConsentHint}
              checked={v.messageConsent}
              onChange={on.messageConsent}
              disabled={disabled}
            />
          )}
          <MTextInput name="note" label={L.note} size="md" autoComplete="off" value={v.note} onChange={on.note} error={err('note')} disabled={disabled} {...fieldProps} />
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <MButton type="submit" size="xl" fullWidth disabled={disabled} leftSection={SAVE_ICON}>
            {L.save}
          </MButton>
          <p className={classes.hint}>{L.saveHint}</p>
        </div>
      </form>
      <ScanGiverDialog opened={scanOpen} onClose={closeScan} onScanned={fillFromQr} />
      <RepeatModal repeat={repeat} lang={lang} onClose={closeRepeat} onCancel={cancelRepeat} onConfirm={confirmRepeatStable} />
    </>
  );
});
