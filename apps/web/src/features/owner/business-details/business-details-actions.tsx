import { Alert, Button, Checkbox, Group, List, Stack, Text, TextInput } from '@mantine/core';
import {
  BUSINESS_TEXTS,
  type TBusinessDetails,
  ZBusinessCodeChange,
  ZBusinessDetailsUpdate,
} from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { BusyModal, ModalActions } from '../../../components/busy-modal/busy-modal.tsx';
import { notify } from '../../../components/notify.ts';
import { AnchorLink } from '../../../components/router-links.tsx';
import { anyMessage, readApiError } from '../../../lib/api-errors.ts';
import { useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { codeWarning, formerCodesText, googleLinkFrom } from './business-details-texts.ts';

type TFieldErrors = Partial<Record<'businessName' | 'contactNumber' | 'reviewLink' | 'code', string>>;

/** The first message per field of a zod refusal. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): TFieldErrors {
  const errors: TFieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as keyof TFieldErrors;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A server refusal: under its field when it names one, else as a toast. */
function serverErrors(error: unknown): TFieldErrors | undefined {
  const info = readApiError(error);
  if (info.field && ['businessName', 'contactNumber', 'reviewLink', 'code'].includes(info.field)) {
    return { [info.field]: info.message ?? '' };
  }
  return undefined;
}

function useAfterChange() {
  const queryClient = useQueryClient();
  const trpc = useTrpc();
  return (business: TBusinessDetails) => {
    queryClient.setQueryData(trpc.owner.business.get.queryKey(), business);
    // The profile (owner.me), the QR code and everything naming the business read it again.
    void queryClient.invalidateQueries({ queryKey: trpc.owner.me.queryKey() });
  };
}

function EditDetailsDialog({ business, onClose }: { business: TBusinessDetails; onClose: () => void }) {
  const t = useOwnerMessages().profile.details;
  const trpc = useTrpc();
  const afterChange = useAfterChange();
  const [values, setValues] = useState({
    businessName: business.businessName,
    contactNumber: business.contactNumber,
    reviewLink: business.reviewLink ?? '',
  });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const save = useMutation(
    trpc.owner.business.update.mutationOptions({
      onSuccess: (answer) => {
        afterChange(answer.business);
        notify.success(answer.message);
        onClose();
      },
      onError: (error) => {
        const fields = serverErrors(error);
        if (fields) setErrors(fields);
        else notify.error(anyMessage(error));
      },
    }),
  );
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ZBusinessDetailsUpdate.safeParse(values);
    if (!checked.success) return setErrors(fieldErrorsOf(checked.error.issues));
    save.mutate(values);
  };
  const google = business.googleReviewLink;

  return (
    <BusyModal opened onClose={onClose} busy={save.isPending} title={t.editTitle} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.businessName}
            value={values.businessName}
            onChange={set('businessName')}
            error={errors.businessName}
            required
          />
          <TextInput
            label={t.contactNumber}
            description={t.contactNumberHint}
            value={values.contactNumber}
            onChange={set('contactNumber')}
            error={errors.contactNumber}
            inputMode="tel"
            required
          />
          <TextInput
            label={t.reviewLink}
            description={t.reviewLinkHint}
            value={values.reviewLink}
            onChange={set('reviewLink')}
            error={errors.reviewLink}
            inputMode="url"
            placeholder="https://g.page/r/…/review"
          />
          {google && google !== values.reviewLink ? (
            <Group gap="xs" align="center" wrap="wrap">
              <Button
                variant="light"
                size="compact-sm"
                onClick={() => {
                  setValues((v) => ({ ...v, reviewLink: google }));
                  setErrors((e) => ({ ...e, reviewLink: undefined }));
                }}
              >
                {t.useGoogleLink}
              </Button>
              <Text size="xs" c="dimmed">
                {googleLinkFrom(t, business.googleLocationTitle)}
              </Text>
            </Group>
          ) : null}
          <ModalActions busy={save.isPending} onCancel={onClose} label={save.isPending ? t.saving : t.save} />
        </Stack>
      </form>
    </BusyModal>
  );
}

function ChangeCodeDialog({ business, onClose }: { business: TBusinessDetails; onClose: () => void }) {
  const t = useOwnerMessages().profile.details;
  const trpc = useTrpc();
  const afterChange = useAfterChange();
  const [code, setCode] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const change = useMutation(
    trpc.owner.business.changeCode.mutationOptions({
      onSuccess: (answer) => {
        afterChange(answer.business);
        notify.success(answer.message, { autoClose: 6000 });
        onClose();
      },
      onError: (failure) => {
        const fields = serverErrors(failure);
        if (fields?.code) setError(fields.code);
        else notify.error(anyMessage(failure));
      },
    }),
  );
  const wanted = code.trim().toLowerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (wanted === business.code) return setError(BUSINESS_TEXTS.codeUnchanged);
    const checked = ZBusinessCodeChange.safeParse({ code, confirm: understood });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    change.mutate({ code: wanted, confirm: true });
  };

  return (
    <BusyModal opened onClose={onClose} busy={change.isPending} title={t.codeTitle} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.newCode}
            description={t.newCodeHint}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            autoCapitalize="none"
            autoComplete="off"
            required
          />
          <Alert color="yellow" variant="light" title={t.warningTitle}>
            <List size="sm" spacing={4}>
              {codeWarning(t, business.code, wanted).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
          <Checkbox
            label={t.understand}
            checked={understood}
            onChange={(event) => setUnderstood(event.currentTarget.checked)}
          />
          <ModalActions
            busy={change.isPending}
            onCancel={onClose}
            label={change.isPending ? t.changing : t.confirmCode}
            color="orange"
          />
        </Stack>
      </form>
    </BusyModal>
  );
}

/**
 * Under the Profile's business information: for the account's owners, "Edit details" (name, contact
 * number, review link, with Google's link offered) and "Change business code" (warned first: the
 * old code keeps forwarding); for others, who may change what.
 */
export function BusinessDetailsActions() {
  const t = useOwnerMessages().profile.details;
  const { language } = useOwnerLanguage();
  const trpc = useTrpc();
  const business = useQuery(trpc.owner.business.get.queryOptions(undefined, { retry: false }));
  const [open, setOpen] = useState<'edit' | 'code' | null>(null);
  if (business.isPending) return null;
  if (!business.data) {
    return (
      <Text size="xs" c="dimmed" mt="md">
        {t.ownersOnly}
      </Text>
    );
  }
  const data = business.data;
  const [nameFixedBefore, nameFixedAfter] = t.nameFixed.split('{link}');
  return (
    <Stack gap="xs" mt="md">
      <Group gap="sm">
        <Button variant="light" size="sm" onClick={() => setOpen('edit')}>
          {t.edit}
        </Button>
        <Button variant="default" size="sm" onClick={() => setOpen('code')}>
          {t.changeCode}
        </Button>
      </Group>
      {data.formerCodes.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid="former-codes">
          {formerCodesText(
            t,
            language,
            data.formerCodes.map((c) => c.code),
          )}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {nameFixedBefore}
        <AnchorLink to="/support">{t.contactSupport}</AnchorLink>
        {nameFixedAfter}
      </Text>
      {open === 'edit' ? <EditDetailsDialog business={data} onClose={() => setOpen(null)} /> : null}
      {open === 'code' ? <ChangeCodeDialog business={data} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
