import { type ComponentType, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type Direction, type DocumentDetail, type DocumentIssue, DocumentScreenQuerySchema, SUPPLY_TYPES } from '@opengst/contracts';
import { DOCUMENT_TYPES, formatInr, gstRatesOn, isIsoDate, STATES, stateFromCode } from '@opengst/domain';
import { ApiError } from '../../api/http';
import { useText } from '../../i18n/useText';
import { StatusBadge } from '../../shared/StatusBadge';
import { notifySuccess } from '../../shared/notifySuccess';
import { useRights } from '../../shared/useRights';
import { DateField } from '../../shared/DateField';
import { formatDate } from '../../shared/format';
import { documentKeys, fetchDocument, saveDocument, useAvailableSeries, useDocumentSession, validateDocument } from './documentApi';
import {
  type DocumentForm,
  emptyDocument,
  emptyItem,
  formFromDetail,
  gstinCheckOf,
  isExportOrSez,
  isNote,
  issuesByField,
  type ItemForm,
  localErrorsOf,
  formIssuesOf,
  requestOf,
  totalsOf,
} from './documentForm';
import { IssueSummary } from './IssueSummary';
import { ItemsTable } from './ItemsTable';
import classes from './DocumentScreen.module.css';
import { loadFailureText } from '../../shared/loadFailure';

// One screen for /create-document, /add-draft-document, /edit-draft-document and /edit-document (spec core §2
// "Documents"; §3 "Document being edited": type, id, isDraftDocument, auto-compute). The URL carries ?type=Sales|Purchase&id=.

type Mode = 'create' | 'addDraft' | 'editDraft' | 'edit';
const MODE_BY_PATH: Record<string, Mode> = {
  '/create-document': 'create',
  '/add-draft-document': 'addDraft',
  '/edit-draft-document': 'editDraft',
  '/edit-document': 'edit',
};

const today = (): string => new Date().toISOString().slice(0, 10);
const PLACES = STATES.filter((s) => s.isPlaceOfSupply && s.status !== 'legacy').map((s) => ({
  value: s.code,
  label: `${s.code} – ${s.name}`,
}));
const SALES_TYPES = Object.entries(DOCUMENT_TYPES)
  .filter(([, d]) => d.outward)
  .map(([code]) => code);
const PURCHASE_TYPES = ['INV', 'CRN', 'DBN', 'BIL', 'BOE', 'SLF', 'PV', 'OTH'];
const SALES_SUPPLY = SUPPLY_TYPES.filter((s) => s !== 'IMPG' && s !== 'IMPS');
const PURCHASE_SUPPLY = SUPPLY_TYPES.filter((s) => !s.startsWith('EXP'));
const LIVE_VALIDATION_MS = 600;
/** The form as the unsaved-changes check compares it: the series preselected for a new document is no change of the user's. */
const snapshotOf = (form: DocumentForm): string => JSON.stringify({ ...form, seriesId: '' });

/** `einvoiceAction`: the e-invoice feature's Generate IRN for a saved document, handed in by app/screens.ts. */
/** `ewaybillAction`: the e-way bill feature's Generate e-way bill for a saved document, handed in the same way. */
export const DocumentScreen = ({
  einvoiceAction: EinvoiceAction,
  ewaybillAction: EwaybillAction,
}: {
  einvoiceAction?: ComponentType<{ document: DocumentDetail }>;
  ewaybillAction?: ComponentType<{ document: DocumentDetail }>;
}) => {
  const { pathname } = useLocation();
  const mode = MODE_BY_PATH[pathname] ?? 'create';
  const [params] = useSearchParams();
  const { type, id } = DocumentScreenQuerySchema.parse({ type: params.get('type') ?? undefined, id: params.get('id') ?? undefined });
  const isExisting = mode === 'editDraft' || mode === 'edit';
  const {
    data: detail,
    isError,
    error,
  } = useQuery({
    queryKey: documentKeys.detail(type, id ?? 0),
    queryFn: () => fetchDocument(type, id ?? 0),
    enabled: isExisting && id !== undefined,
  });
  const t = useText();
  if (isExisting && (id === undefined || isError))
    return (
      <Alert color="red" variant="light" data-testid="document-load-failed">
        {loadFailureText(error, t('document.notFound'))}
      </Alert>
    );
  if (isExisting && !detail) return <Loader size="sm" />;
  // A new key per document: switching from one to another starts a fresh form.
  return (
    <DocumentEditor
      key={`${pathname}:${type}:${detail?.id ?? 'new'}:${detail?.updatedAt ?? ''}`}
      mode={mode}
      direction={type}
      detail={detail ?? null}
      einvoice={
        detail && (EinvoiceAction || EwaybillAction) ? (
          <>
            {EinvoiceAction ? <EinvoiceAction document={detail} /> : null}
            {EwaybillAction ? <EwaybillAction document={detail} /> : null}
          </>
        ) : null
      }
    />
  );
};

const DocumentEditor = ({
  mode,
  direction: initialDirection,
  detail,
  einvoice,
}: {
  mode: Mode;
  direction: Direction;
  detail: DocumentDetail | null;
  einvoice: ReactNode;
}) => {
  const t = useText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { autoCompute, locations } = useDocumentSession();
  const rights = useRights(['DocumentCreate', 'DocumentDraft', 'DocumentEdit']);
  const initial = useMemo(
    () =>
      detail
        ? formFromDetail(detail)
        : emptyDocument(initialDirection, locations.length === 1 ? String(locations[0]?.entityId) : '', today()),
    [detail, initialDirection, locations],
  );
  const [form, setForm] = useState<DocumentForm>(initial);
  const [baseline, setBaseline] = useState(() => snapshotOf(initial));
  const [placeTouched, setPlaceTouched] = useState(Boolean(detail));
  const [serverIssues, setServerIssues] = useState<DocumentIssue[]>([]);
  const [isSaving, setSaving] = useState<'draft' | 'final' | null>(null);
  /** The server's question when the document's value is above the subscriber's confirmation limit. */
  const [valueQuestion, setValueQuestion] = useState<string | null>(null);
  const leaving = useRef(false);

  // The user's locations arrive after the first render: a single one is chosen for them.
  useEffect(() => {
    if (!form.entityId && !detail && locations.length === 1) setForm((f) => ({ ...f, entityId: String(locations[0]?.entityId) }));
  }, [locations, form.entityId, detail]);

  // A new sales document may take its number from a series allocated to its location and type: the default one is
  // chosen until the user picks (or drops) one.
  const [seriesTouched, setSeriesTouched] = useState(false);
  const isNumberedBySeries = detail === null && form.direction === 'Sales';
  const { data: offeredSeries } = useAvailableSeries({
    entityId: form.entityId,
    documentType: form.documentType,
    documentDate: form.documentDate,
    isEnabled: isNumberedBySeries,
  });
  const seriesOptions = useMemo(() => (isNumberedBySeries ? (offeredSeries ?? []) : []), [isNumberedBySeries, offeredSeries]);
  const chosenSeries = seriesOptions.find((option) => String(option.seriesId) === form.seriesId);
  // A series the user chose stays while it is offered (another location, type, year or a purchase drops it).
  useEffect(() => {
    if (seriesTouched && (form.seriesId === '' || chosenSeries)) return;
    const preferred = seriesOptions.find((option) => option.isDefault);
    const next = preferred ? String(preferred.seriesId) : '';
    if (next !== form.seriesId) setForm((f) => ({ ...f, seriesId: next }));
  }, [seriesOptions, seriesTouched, form.seriesId, chosenSeries]);

  const location = locations.find((l) => String(l.entityId) === form.entityId);
  const locationState = location?.stateCode ?? location?.gstin?.slice(0, 2) ?? '';
  const gstinCheck = gstinCheckOf(form.counterpartyGstin);
  const isPurchase = form.direction === 'Purchase';

  // The place of supply follows the party until the user picks one: the customer's State for a registered sale, the
  // location's own State for a local sale or a purchase (the recipient's), 96 Other Country for an export.
  useEffect(() => {
    if (placeTouched) return;
    const next =
      isExportOrSez(form.supplyType) && form.supplyType.startsWith('EXP')
        ? '96'
        : !isPurchase && gstinCheck?.ok
          ? gstinCheck.stateCode
          : locationState;
    if (next && next !== form.placeOfSupply) setForm((f) => ({ ...f, placeOfSupply: next }));
  }, [placeTouched, gstinCheck, isPurchase, locationState, form.supplyType, form.placeOfSupply]);

  const request = useMemo(() => requestOf(form, false, autoCompute, locationState), [form, autoCompute, locationState]);
  const totals = totalsOf(request);
  const localErrors = localErrorsOf(form, { amount: t('document.amountInvalid'), quantity: t('document.quantityInvalid') });
  const isDirty = snapshotOf(form) !== baseline;

  // Live validation: the server's own checks (document/validate), a moment after the user stops typing.
  const [debouncedRequest] = useDebouncedValue(request, LIVE_VALIDATION_MS);
  const canValidate = isDirty || detail !== null;
  const { data: live } = useQuery({
    queryKey: documentKeys.validate(debouncedRequest),
    queryFn: async (): Promise<DocumentIssue[]> => {
      try {
        return (await validateDocument(debouncedRequest)).errors;
      } catch (error) {
        if (error instanceof ApiError && error.status === 422)
          return error.items.map((i) => ({ code: i.code, message: i.message, propertyName: i.propertyName ?? '', type: i.type }));
        throw error;
      }
    },
    enabled: canValidate && Boolean(debouncedRequest.entityId),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
  const issues = serverIssues.length > 0 ? serverIssues : (live ?? []);
  const fieldErrors = { ...issuesByField(issues), ...localErrors };
  // A GSTIN the domain already refuses counts before the server has answered about it.
  const listedIssues = [...issues, ...formIssuesOf(localErrors, gstinCheck, issues)];
  const errorCount = listedIssues.filter((i) => i.type === 'Error').length;

  // Leaving with unsaved changes asks first (in-app navigation here, closing the tab by the browser's own prompt).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      !leaving.current &&
      `${currentLocation.pathname}${currentLocation.search}` !== `${nextLocation.pathname}${nextLocation.search}`,
  );
  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const set = <K extends keyof DocumentForm>(key: K, value: DocumentForm[K]) => {
    setServerIssues([]);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const setItem = (index: number, patch: Partial<ItemForm>) => {
    setServerIssues([]);
    setForm((f) => ({ ...f, items: f.items.map((it, i) => (i === index ? { ...it, ...patch } : it)) }));
  };
  const addLine = () => {
    setForm((f) => ({ ...f, items: [...f.items, emptyItem()] }));
    // The new line's HSN takes the focus, so typing goes on.
    window.setTimeout(() => document.querySelector<HTMLInputElement>(`[data-testid="item-${form.items.length}-hsn"]`)?.focus(), 0);
  };
  const removeLine = (index: number) => setForm((f) => ({ ...f, items: f.items.filter((_, i) => i !== index) }));

  const wasDraft = detail?.isDraftDocument ?? mode !== 'create';
  const canDraft = rights.DocumentDraft && (detail === null || detail.isDraftDocument);
  const canFinal = detail && !detail.isDraftDocument ? rights.DocumentEdit : rights.DocumentCreate;
  // A document a filed return reported is changed only as an amendment (Section 37(3)); an e-invoiced one not at all.
  const isAmendment = detail !== null && detail.filed !== null;
  const isLocked = detail !== null && (detail.status === 'Generated' || (detail.status === 'Completed' && !isAmendment));
  const primary: 'draft' | 'final' = (mode === 'addDraft' || mode === 'editDraft') && canDraft ? 'draft' : canFinal ? 'final' : 'draft';

  const save = async (kind: 'draft' | 'final', confirmHighValue = false) => {
    if (Object.keys(localErrors).length > 0 || isSaving || isLocked) return;
    setSaving(kind);
    setValueQuestion(null);
    try {
      const saved = await saveDocument({ ...requestOf(form, kind === 'draft', autoCompute, locationState), confirmHighValue });
      setServerIssues([]);
      leaving.current = true;
      setBaseline(snapshotOf(form));
      queryClient.removeQueries({ queryKey: documentKeys.detail(saved.direction, saved.id) });
      void queryClient.invalidateQueries({ queryKey: documentKeys.drafts() });
      notifySuccess(t(kind === 'draft' ? 'document.savedDraft' : 'document.saved', { number: saved.documentNumber }));
      const query = `?type=${saved.direction}&id=${saved.id}`;
      await navigate(kind === 'draft' ? '/draft-document' : `/edit-document${query}`, { replace: !wasDraft && detail !== null });
    } catch (error) {
      const question = error instanceof ApiError ? error.items.find((i) => i.propertyName === 'ConfirmHighValue') : undefined;
      if (question) setValueQuestion(question.message);
      else if (error instanceof ApiError)
        setServerIssues(error.items.map((i) => ({ code: i.code, message: i.message, propertyName: i.propertyName ?? '', type: i.type })));
    } finally {
      leaving.current = false;
      setSaving(null);
    }
  };
  useHotkeys([['mod+S', () => void save(primary)]], []);

  // Back where the user came from inside the app; opened directly, to the list the document belongs to.
  const cancel = () => {
    const cameFromApp = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (cameFromApp) void navigate(-1);
    else void navigate(wasDraft ? '/draft-document' : `/regular-${form.direction === 'Sales' ? 'sales' : 'purchase'}`);
  };

  const typeOptions = (isPurchase ? PURCHASE_TYPES : SALES_TYPES).map((code) => ({
    value: code,
    label: `${code} – ${DOCUMENT_TYPES[code as keyof typeof DOCUMENT_TYPES].name}`,
  }));
  const supplyOptions = [
    { value: '', label: t('document.supplyAuto') },
    ...(isPurchase ? PURCHASE_SUPPLY : SALES_SUPPLY).map((s) => ({ value: s, label: t(`document.supply.${s}`) })),
  ];
  const rateOptions = (isIsoDate(form.documentDate) ? gstRatesOn(form.documentDate) : []).map((slab) => ({
    value: String(slab.milliPercent),
    label: slab.restricted
      ? t('document.rateRestricted', { rate: slab.ratePercent })
      : t('document.ratePercent', { rate: slab.ratePercent }),
  }));
  const partyLabel = isPurchase ? t('document.supplierGstin') : t('document.customerGstin');
  const gstinState = gstinCheck?.ok ? stateFromCode(gstinCheck.stateCode)?.name : undefined;

  return (
    <Stack gap="sm" maw={1500}>
      <Group justify="space-between" align="center">
        <Group gap="xs">
          {detail ? (
            <>
              <Title order={4} data-testid="document-heading">{`${detail.documentType} ${detail.documentNumber}`}</Title>
              <StatusBadge status={detail.status} label={t(`register.status.${detail.status}`)} />
              <Badge size="sm" variant="light" color="gray">
                {t(`document.source.${detail.source}`)}
              </Badge>
              {einvoice}
            </>
          ) : (
            <SegmentedControl
              size="xs"
              value={form.direction}
              onChange={(value) =>
                setForm((f) => ({ ...f, direction: value as Direction, items: f.items.map((it) => ({ ...it, itcEligibility: '' })) }))
              }
              data={[
                { value: 'Sales', label: t('document.sales') },
                { value: 'Purchase', label: t('document.purchase') },
              ]}
              data-testid="document-direction"
            />
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {autoCompute ? t('document.autoComputeOn') : t('document.autoComputeOff')}
        </Text>
      </Group>

      {isLocked ? (
        <Alert color="yellow" variant="light" data-testid="document-locked">
          {t(detail?.status === 'Generated' ? 'document.lockedGenerated' : 'document.lockedCompleted')}
        </Alert>
      ) : null}
      {!isLocked && detail?.filed ? (
        <Alert color="blue" variant="light" data-testid="document-amendment">
          {t(detail.amendmentPending ? 'document.amendmentPending' : 'document.amendmentNotice', {
            number: detail.filed.documentNumber,
            date: formatDate(detail.filed.documentDate),
            until: detail.filed.amendableUntil ? formatDate(detail.filed.amendableUntil) : '',
          })}
        </Alert>
      ) : null}

      <Paper withBorder radius="sm" p="sm">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
          {t('document.section.header')}
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Select
            size="xs"
            w={300}
            label={t('document.location')}
            required
            searchable
            data={locations.map((l) => ({ value: String(l.entityId), label: `${l.entityName} (${l.gstin ?? ''})` }))}
            value={form.entityId || null}
            onChange={(v) => set('entityId', v ?? '')}
            error={fieldErrors.entityId}
            data-testid="document-location"
          />
          <Select
            size="xs"
            w={230}
            label={t('document.type')}
            required
            data={typeOptions}
            value={form.documentType}
            onChange={(v) => set('documentType', v ?? 'INV')}
            allowDeselect={false}
            error={fieldErrors.documentType}
            data-testid="document-type"
          />
          {seriesOptions.length > 0 ? (
            <Select
              size="xs"
              w={220}
              label={t('document.series')}
              placeholder={t('document.seriesNone')}
              clearable
              data={seriesOptions.map((option) => ({ value: String(option.seriesId), label: option.name }))}
              value={form.seriesId || null}
              onChange={(v) => {
                setSeriesTouched(true);
                set('seriesId', v ?? '');
              }}
              error={fieldErrors.seriesId}
              data-testid="document-series"
            />
          ) : null}
          <TextInput
            size="xs"
            w={180}
            label={t('document.number')}
            required
            maxLength={100}
            disabled={Boolean(chosenSeries)}
            value={chosenSeries ? chosenSeries.nextDocumentNumber : form.documentNumber}
            onChange={(e) => set('documentNumber', e.currentTarget.value)}
            description={chosenSeries ? t('document.seriesNext') : undefined}
            error={fieldErrors.documentNumber}
            data-testid="document-number"
          />
          {/* No maxDate: a future date typed in is reported by the live validation with its code, not silently ignored. */}
          <DateField
            size="xs"
            w={150}
            label={t('document.date')}
            required
            value={form.documentDate}
            onChange={(iso) => set('documentDate', iso)}
            error={fieldErrors.documentDate}
            data-testid="document-date"
          />
          <Select
            size="xs"
            w={250}
            label={t('document.supplyType')}
            data={supplyOptions}
            value={form.supplyType}
            onChange={(v) => set('supplyType', v ?? '')}
            allowDeselect={false}
            data-testid="document-supply-type"
          />
          <Switch
            size="xs"
            mt={26}
            label={t('document.reverseCharge')}
            checked={form.isReverseCharge}
            onChange={(e) => set('isReverseCharge', e.currentTarget.checked)}
            error={fieldErrors.isReverseCharge}
            data-testid="document-reverse-charge"
          />
        </Group>
      </Paper>

      <Paper withBorder radius="sm" p="sm">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
          {isPurchase ? t('document.section.supplier') : t('document.section.customer')}
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            size="xs"
            w={230}
            label={partyLabel}
            maxLength={15}
            value={form.counterpartyGstin}
            placeholder={t('document.unregistered')}
            onChange={(e) => set('counterpartyGstin', e.currentTarget.value.toUpperCase())}
            description={gstinState ? t('document.gstinState', { state: gstinState }) : undefined}
            error={gstinCheck && !gstinCheck.ok ? gstinCheck.message : fieldErrors.counterpartyGstin}
            data-testid="document-gstin"
          />
          <TextInput
            size="xs"
            w={300}
            label={isPurchase ? t('document.supplierName') : t('document.customerName')}
            maxLength={100}
            value={form.counterpartyName}
            onChange={(e) => set('counterpartyName', e.currentTarget.value)}
            data-testid="document-party-name"
          />
          <Select
            size="xs"
            w={260}
            label={t('document.placeOfSupply')}
            required
            searchable
            data={PLACES}
            value={form.placeOfSupply || null}
            onChange={(v) => {
              setPlaceTouched(true);
              set('placeOfSupply', v ?? '');
            }}
            error={fieldErrors.placeOfSupply}
            data-testid="document-place-of-supply"
          />
          {isExportOrSez(form.supplyType) && form.supplyType.startsWith('EXP') ? (
            <>
              <TextInput
                size="xs"
                w={110}
                label={t('document.portCode')}
                maxLength={6}
                value={form.portCode}
                onChange={(e) => set('portCode', e.currentTarget.value.toUpperCase())}
                error={fieldErrors.portCode}
                data-testid="document-port-code"
              />
              <TextInput
                size="xs"
                w={150}
                label={t('document.shippingBillNumber')}
                maxLength={20}
                value={form.shippingBillNumber}
                onChange={(e) => set('shippingBillNumber', e.currentTarget.value)}
                error={fieldErrors.shippingBillNumber}
                data-testid="document-shipping-bill"
              />
              <DateField
                size="xs"
                w={150}
                label={t('document.shippingBillDate')}
                value={form.shippingBillDate}
                onChange={(iso) => set('shippingBillDate', iso)}
                data-testid="document-shipping-bill-date"
              />
            </>
          ) : null}
          {isNote(form.documentType) ? (
            <>
              <TextInput
                size="xs"
                w={180}
                label={t('document.originalNumber')}
                maxLength={100}
                value={form.originalDocumentNumber}
                onChange={(e) => set('originalDocumentNumber', e.currentTarget.value)}
                error={fieldErrors.originalDocumentNumber}
                data-testid="document-original-number"
              />
              <DateField
                size="xs"
                w={150}
                label={t('document.originalDate')}
                value={form.originalDocumentDate}
                onChange={(iso) => set('originalDocumentDate', iso)}
                error={fieldErrors.originalDocumentDate}
                data-testid="document-original-date"
              />
            </>
          ) : null}
        </Group>
      </Paper>

      <Paper withBorder radius="sm" p="sm">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
          {t('document.section.items')}
        </Text>
        <ItemsTable
          direction={form.direction}
          items={form.items}
          computed={request.items.map((it) => ({
            ...it,
            igst: it.igst ?? 0,
            cgst: it.cgst ?? 0,
            sgst: it.sgst ?? 0,
            cess: it.cess ?? 0,
            quantity: it.quantity ?? 0,
          }))}
          autoCompute={autoCompute}
          rateOptions={rateOptions}
          errors={fieldErrors}
          onChange={setItem}
          onAdd={addLine}
          onRemove={removeLine}
        />
        <Group justify="flex-end" gap="lg" mt="sm" className={classes.totals} data-testid="document-totals">
          {(['taxable', 'igst', 'cgst', 'sgst', 'cess'] as const).map((head) => (
            <Stack key={head} gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                {t(`document.total.${head}`)}
              </Text>
              <Text size="sm" className={classes.figure} data-testid={`total-${head}`}>
                {formatInr(totals[head])}
              </Text>
            </Stack>
          ))}
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('document.total.value')}
            </Text>
            <Text size="md" fw={700} className={classes.figure} data-testid="total-value">
              ₹ {formatInr(totals.documentValue)}
            </Text>
          </Stack>
        </Group>
      </Paper>

      <IssueSummary issues={listedIssues} />

      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {errorCount === 0
            ? t('document.noErrors')
            : errorCount === 1
              ? t('document.errorCount.one')
              : t('document.errorCount', { n: errorCount })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={cancel} data-testid="document-cancel">
            {t('common.cancel')}
          </Button>
          {canDraft ? (
            <Button
              size="xs"
              variant={primary === 'draft' ? 'filled' : 'default'}
              loading={isSaving === 'draft'}
              disabled={isLocked}
              onClick={() => void save('draft')}
              data-testid="document-save-draft"
            >
              {t('document.saveDraft')}
            </Button>
          ) : null}
          {canFinal ? (
            <Button
              size="xs"
              variant={primary === 'final' ? 'filled' : 'default'}
              loading={isSaving === 'final'}
              disabled={isLocked}
              onClick={() => void save('final')}
              data-testid="document-save"
            >
              {t('document.save')}
            </Button>
          ) : null}
        </Group>
      </Group>

      <Modal
        opened={valueQuestion !== null}
        onClose={() => setValueQuestion(null)}
        title={<Text fw={600}>{t('document.confirmValueTitle')}</Text>}
        size="md"
      >
        <Stack gap="sm" data-testid="document-confirm-value">
          <Text size="sm">{valueQuestion}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setValueQuestion(null)} data-testid="document-check-value">
              {t('document.checkValue')}
            </Button>
            <Button size="xs" onClick={() => void save('final', true)} data-testid="document-confirm-value-save">
              {t('document.confirmValueSave')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={<Text fw={600}>{t('document.leaveTitle')}</Text>}
        size="sm"
      >
        <Stack gap="sm">
          <Text size="sm">{t('document.leaveMessage')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => blocker.reset?.()} data-testid="document-stay">
              {t('document.stay')}
            </Button>
            <Button size="xs" color="red" onClick={() => blocker.proceed?.()} data-testid="document-leave">
              {t('document.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};
