import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { errorMessage } from '../../../web/api/api-error.js';
import { saveBlob } from '../../../web/ui/save-blob.js';
import { auditApi } from '../../api/audit-api.js';
import uiStyles from '../../ui/ops-ui.module.css';
import { AuditEntries } from './AuditEntries.js';
import { AuditFilters } from './AuditFilters.js';
import { auditQueryOf, filtersOf, searchOf } from './audit-filters.js';
import { usePageTitle } from '../../ui/use-page-title.js';

const text = OpsMessages.audit;

/**
 * /ops/audit (admin): every operator action, filtered by operator, action and days
 * (the filters in the URL), older entries by the server's cursor, and the CSV of the same
 * filters.
 */
export default function AuditPage() {
  usePageTitle(text.title);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const query = auditQueryOf(filters);
  const [isExporting, setIsExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const exportCsv = async () => {
    setIsExporting(true);
    setExportError(null);
    try {
      saveBlob(await auditApi.csv(query), text.csvFileName);
    } catch (error) {
      setExportError(errorMessage(error));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <div className={uiStyles.page}>
      <h1>{text.title}</h1>
      <AuditFilters
        values={filters}
        onApply={(values) => setSearchParams(searchOf(values))}
        onClear={() => setSearchParams({})}
        onExport={() => void exportCsv()}
        isExporting={isExporting}
      />
      {exportError !== null && (
        <p role="alert" className={uiStyles.error}>
          {exportError}
        </p>
      )}
      <AuditEntries key={JSON.stringify(query)} query={query} />
    </div>
  );
}
