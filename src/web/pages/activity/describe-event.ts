import type { ActivityEvent } from '../../../contract/activity.js';

const LABELS: Readonly<Record<string, string>> = {
  fields: 'Fields',
  before: 'Before',
  after: 'After',
  ip: 'IP',
  reason: 'Reason',
  count: 'Devices',
  isActive: 'Active',
  method: 'Method',
};

function valueText(value: ActivityEvent['details'][string]): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** An event's details as short lines ('Before: 1.1.1.1'); the application name is shown apart. */
export function describeDetails(details: ActivityEvent['details']): string[] {
  return Object.entries(details)
    .filter(([key]) => key !== 'applicationName')
    .map(([key, value]) => `${LABELS[key] ?? key}: ${valueText(value)}`);
}

/** The application an event names: its name when recorded, else its id, else none. */
export function applicationOf(event: ActivityEvent): string {
  const name = event.details.applicationName;
  if (typeof name === 'string') return name;
  return event.applicationId ?? '';
}
