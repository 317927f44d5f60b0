import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { IpRecord } from '../../contract/apps.js';
import { IpCheckLimits } from '../../contract/ip-check.js';
import { canonicalIp } from '../../contract/rules.js';
import { ApiError } from '../api/http.js';
import { ipKeys, ipsApi } from '../api/ips-api.js';
import { documentsToSend, missingProofOf, proofNeededIps, rowStatesOf } from './ip-fields.js';

export interface IpFieldsSource {
  /** The rows' text, in order. */
  readonly entries: readonly string[];
  /** The application being edited, if any, and its stored records. */
  readonly applicationId?: string;
  readonly records?: readonly IpRecord[];
  /** When the stored app's IPs may change again; null or absent when they may now. */
  readonly ipChangeAllowedAt?: string | null;
}

/** The 15-day lock: from the app's `ipChangeAllowedAt`, or from a save the lock refused. */
interface IpLock {
  readonly nextChangeAt: string | null;
}

const NO_RECORDS: readonly IpRecord[] = [];

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The state behind the IP rows of the create and update screens: the live check while
 * typing (docs/decisions/025), the developer's own IP, the proof documents chosen, the
 * duplicate-IP flow after a 409, and the 15-day lock.
 */
export function useIpFields({
  entries,
  applicationId,
  records = NO_RECORDS,
  ipChangeAllowedAt = null,
}: IpFieldsSource) {
  const stored = useMemo(() => new Set(records.map((record) => record.ip)), [records]);
  const entriesKey = JSON.stringify(entries);
  const settledKey = useDebounced(entriesKey, IpCheckLimits.debounceMs);
  const settled = useMemo(() => JSON.parse(settledKey) as string[], [settledKey]);
  const toCheck = settled.some((entry) => {
    const ip = canonicalIp(entry);
    return ip !== null && !stored.has(ip);
  });
  const check = useQuery({
    queryKey: ipKeys.check(applicationId, settled),
    queryFn: () => ipsApi.check(settled, applicationId),
    enabled: toCheck && settled.length <= IpCheckLimits.maxEntries,
    staleTime: 30_000,
    retry: false,
  });
  const myIp = useQuery({ queryKey: ipKeys.mine, queryFn: ipsApi.mine, staleTime: Infinity });

  const [serverDuplicates, setServerDuplicates] = useState<string[]>([]);
  const [hasDuplicateError, setHasDuplicateError] = useState(false);
  const [skipDuplicates, setSkipDuplicates] = useState(false);
  const [documents, setDocuments] = useState<ReadonlyMap<string, File>>(new Map());
  const [refusedLock, setRefusedLock] = useState<IpLock | null>(null);

  const states = rowStatesOf(entries, stored, check.data?.results);
  const checkedDuplicates = proofNeededIps(entries, states);
  const duplicates = [...new Set([...serverDuplicates, ...checkedDuplicates])];
  const proofDuplicates = skipDuplicates ? duplicates : [];
  const lock: IpLock | null =
    refusedLock ?? (ipChangeAllowedAt === null ? null : { nextChangeAt: ipChangeAllowedAt });

  const chooseDocument = (ip: string, file: File | null) =>
    setDocuments((current) => {
      const next = new Map(current);
      if (file === null) next.delete(ip);
      else next.set(ip, file);
      return next;
    });

  /**
   * Reads a refused save: the duplicates it names, and the 15-day answer. True when the lock
   * threw the IP edit away (the caller puts the rows back).
   */
  const readFailure = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const list = error.body.duplicateIPs;
    if (Array.isArray(list)) {
      setServerDuplicates(list.filter((ip): ip is string => typeof ip === 'string'));
      setHasDuplicateError(error.code === 'ip_used_by_another_developer');
    }
    const next = error.body.nextIpChangeAt;
    if (error.code !== 'ip_change_cooldown') return false;
    setRefusedLock({ nextChangeAt: typeof next === 'string' ? next : null });
    return true;
  };

  return {
    states,
    myIp: myIp.data?.ip,
    records,
    documents,
    chooseDocument,
    /** The skip checkbox shows once a proof is known to be needed. */
    canSkip: hasDuplicateError || checkedDuplicates.length > 0,
    skipDuplicates,
    setSkipDuplicates,
    proofDuplicates,
    missingDocument: skipDuplicates ? missingProofOf(entries, duplicates, documents) : undefined,
    /**
     * The documents of IPs still in the rows: a new IP's only when skip is ticked, a stored
     * IP's (waiting for its proof) always.
     */
    documentsToSend: () =>
      new Map(
        [...documentsToSend(entries, documents)].filter(([ip]) => skipDuplicates || stored.has(ip)),
      ),
    lock,
    readFailure,
  };
}

export type IpFieldsState = ReturnType<typeof useIpFields>;
