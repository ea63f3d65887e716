import {
  Anchor,
  Button,
  CopyButton,
  DataList,
  Grid,
  Group,
  Image,
  Select,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { PLACEMENT_TEXTS } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { BusinessDetailsActions } from '../business-details/business-details-actions.tsx';
import { useRecordOnboarding } from '../onboarding/use-onboarding.ts';
import { PlacementsSection } from '../placements/placements-section.tsx';
import { usePlacements } from '../placements/use-placements.ts';
import { LoadError } from '../shared/load-error.tsx';
import { useOwner, useSystemInfo } from '../shared/use-owner.ts';
import { qrDataUrl, qrFileName, reviewPageUrl } from './qr.ts';
import classes from './table-card.module.css';

/** Set on <html> while the table card is being printed (see table-card.module.css). */
const PRINT_ATTRIBUTE = 'data-print-table-card';

/** The card's line in English (the catalog's). */
export const TABLE_CARD_LINE = en.profile.cardLine;

/** The picker's value for the Default placement (keys are base62, so this never is one). */
const DEFAULT_OPTION = 'default-placement';

interface TTableCardProps {
  qr: string | undefined;
  businessName: string;
  url: string;
  /** The placement's name, printed small so the owner knows which card goes where; none for Default. */
  placementName: string | null;
  line: string;
}

function TableCardContent({ qr, businessName, url, placementName, line }: TTableCardProps) {
  return (
    <>
      {qr ? <img className={classes.cardQr} src={qr} alt="" /> : null}
      <p className={classes.cardName}>{businessName}</p>
      <p className={classes.cardLine}>{line}</p>
      <p className={classes.cardUrl}>{url}</p>
      {placementName ? <p className={classes.cardPlacement}>{placementName}</p> : null}
    </>
  );
}

/** Prints only the table card: marks <html> for the print stylesheet until the print dialog closes. */
function usePrintTableCard() {
  useEffect(() => () => document.documentElement.removeAttribute(PRINT_ATTRIBUTE), []);
  return useCallback(() => {
    const root = document.documentElement;
    root.setAttribute(PRINT_ATTRIBUTE, '');
    window.addEventListener('afterprint', () => root.removeAttribute(PRINT_ATTRIBUTE), { once: true });
    window.print();
  }, []);
}

/**
 * The owner's business details (owners edit them, BusinessDetailsActions), review page QR code (download, print) and table card,
 * for the Default placement or any named one, and the placements themselves.
 */
export function ProfileScreen() {
  const t = useOwnerMessages().profile;
  const owner = useOwner();
  const info = useSystemInfo();
  const print = usePrintTableCard();
  // Saving or printing the card ticks the dashboard's first-run checklist (issue 34).
  const recordOnboarding = useRecordOnboarding();
  const printCard = () => {
    recordOnboarding('qr_card_saved');
    print();
  };
  const placements = usePlacements();
  // The placement whose QR code and card are shown; null = Default (the original QR code).
  const [placementKey, setPlacementKey] = useState<string | null>(null);
  const qrPanel = useRef<HTMLDivElement>(null);
  const placementList = placements.data?.placements ?? [];
  const placement = placementList.find((p) => p.key === placementKey) ?? null;
  // A placement deleted elsewhere (or not loaded yet) falls back to Default.
  const shownKey = placement?.key ?? null;

  // The review page address needs appUrl (system.info); when that fails, this window's origin.
  const code = owner.data?.code;
  const appUrl = info.data?.appUrl;
  const urlFor = useCallback((key: string | null) => reviewPageUrl(appUrl, code ?? '', key), [appUrl, code]);
  const ready = code !== undefined && !info.isPending;
  const url = ready ? urlFor(shownKey) : undefined;
  const showQr = (key: string | null) => {
    setPlacementKey(key);
    qrPanel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  };
  const qr = useQuery({
    queryKey: ['owner', 'profile', 'qr', url],
    queryFn: () => qrDataUrl(url ?? ''),
    enabled: url !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  if (owner.isError) {
    return <LoadError title={t.loadFailed} query={owner} />;
  }

  if (owner.isPending) {
    return (
      <Grid gap="md" data-testid="profile-loading">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton height={280} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={280} radius="md" />
        </Grid.Col>
      </Grid>
    );
  }

  const profile = owner.data;
  const fileName = qrFileName(profile.businessName, placement?.name);

  return (
    <Stack gap="lg">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionCard titleId="business-info-title" title={t.businessInfo} gap="md" h="100%">
            <DataList orientation="vertical" gap="md" withDivider>
              {(
                [
                  [t.ownerName, profile.name],
                  [t.businessName, profile.businessName],
                  [t.contactNumber, profile.contactNumber],
                  [t.businessCode, profile.code],
                ] as const
              ).map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
              <DataList.Item>
                <DataList.ItemLabel>{t.reviewLink}</DataList.ItemLabel>
                <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
                  {profile.reviewLink ? (
                    <Anchor
                      href={profile.reviewLink}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={() => recordOnboarding('review_link_checked')}
                    >
                      {profile.reviewLink}
                    </Anchor>
                  ) : (
                    <Text component="span" c="dimmed">
                      {t.notSet}
                    </Text>
                  )}
                </DataList.ItemValue>
              </DataList.Item>
              {url ? (
                <DataList.Item>
                  <DataList.ItemLabel>{t.reviewPage}</DataList.ItemLabel>
                  <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
                    <Group gap="xs" wrap="nowrap" align="center">
                      <Anchor
                        href={url}
                        target="_blank"
                        rel="noopener noreferrer"
                        style={{ minWidth: 0, flex: 1 }}
                      >
                        {url}
                      </Anchor>
                      <CopyButton value={url}>
                        {({ copied, copy }) => (
                          <Button size="compact-xs" variant="light" onClick={copy} style={{ flexShrink: 0 }}>
                            {copied ? t.copied : t.copy}
                          </Button>
                        )}
                      </CopyButton>
                    </Group>
                  </DataList.ItemValue>
                </DataList.Item>
              ) : null}
            </DataList>
            <BusinessDetailsActions />
          </SectionCard>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <SectionCard titleId="qr-title" title={t.qrTitle} gap="xs" h="100%" ref={qrPanel}>
            <Text size="sm" c="dimmed" mb="md">
              {t.qrHint}
            </Text>
            {placementList.length > 0 ? (
              <Select
                label={t.placement}
                mb="md"
                allowDeselect={false}
                value={shownKey ?? DEFAULT_OPTION}
                onChange={(value) => setPlacementKey(value && value !== DEFAULT_OPTION ? value : null)}
                data={[
                  {
                    value: DEFAULT_OPTION,
                    label: fill(t.defaultPlacement, { name: PLACEMENT_TEXTS.defaultName }),
                  },
                  ...placementList.map((p) => ({ value: p.key, label: p.name })),
                ]}
              />
            ) : null}
            <Stack align="center" gap="md">
              {qr.data ? (
                <Image
                  src={qr.data}
                  w={256}
                  h={256}
                  width={256}
                  height={256}
                  alt={fill(t.qrAlt, { url: url ?? '' })}
                  fit="contain"
                />
              ) : qr.isError ? (
                <LoadError title={t.qrFailed} query={qr} />
              ) : (
                <Skeleton width={256} height={256} radius="sm" data-testid="qr-loading" />
              )}
              <Button
                component="a"
                href={qr.data}
                download={fileName}
                onClick={() => recordOnboarding('qr_card_saved')}
                disabled={!qr.data}
                aria-disabled={!qr.data || undefined}
              >
                {t.downloadQr}
              </Button>
            </Stack>
          </SectionCard>
        </Grid.Col>
      </Grid>

      <SectionCard
        titleId="table-card-title"
        title={t.tableCard}
        description={t.tableCardHint}
        aside={
          <Button variant="light" onClick={printCard} disabled={!qr.data}>
            {t.printCard}
          </Button>
        }
        headerProps={{ align: 'flex-start', wrap: 'wrap' }}
        gap="md"
      >
        <div className={classes.card} data-testid="table-card">
          <TableCardContent
            qr={qr.data}
            businessName={profile.businessName}
            url={url ?? ''}
            placementName={placement?.name ?? null}
            line={t.cardLine}
          />
        </div>
      </SectionCard>

      <PlacementsSection urlFor={ready ? urlFor : undefined} selectedKey={shownKey} onShowQr={showQr} />

      {qr.data && url
        ? createPortal(
            <div className={classes.printRoot} aria-hidden="true">
              <TableCardContent
                qr={qr.data}
                businessName={profile.businessName}
                url={url}
                placementName={placement?.name ?? null}
                line={t.cardLine}
              />
            </div>,
            document.body,
          )
        : null}
    </Stack>
  );
}
