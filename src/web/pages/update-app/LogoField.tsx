import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import type { Application } from '../../../contract/apps.js';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { lastChars, logoNameOf } from '../../../contract/rules.js';
import { appKeys, appsApi } from '../../api/apps-api.js';
import { errorMessage } from '../../api/http.js';
import { useBrand } from '../../brand.js';
import { iconProblem } from '../../ui/file-checks.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { logoUploadPayload } from './update-app-form.js';
import styles from './update-app-page.module.css';

interface LogoFieldProps {
  readonly app: Application;
  /** The logo the form saves: the stored one, or the default after clearing. */
  readonly logoUrl: string;
  readonly onLogoUrl: (url: string) => void;
  readonly onBusy: (isBusy: boolean) => void;
}

/**
 * App Icon: a chosen PNG is sent at once by the logo-upload variant of PUT, with progress,
 * and the app reloads when it answers a logoUrl. Clearing falls back to the default icon
 * when the form is saved. The icon's own name shows its last 12 characters (docs/product.md
 * section 9), never the stored hash; an icon stored without its name is the current icon.
 */
export function LogoField({ app, logoUrl, onLogoUrl, onBusy }: LogoFieldProps) {
  const brand = useBrand();
  const queryClient = useQueryClient();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The app reloads after an upload; until then the chosen file names the icon.
  const [logoName, setLogoName] = useState(app.logoName);
  const isDefault = logoUrl === brand.defaultAppIconUrl;
  const fullName = isDefault ? null : logoName;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (file === undefined) return;
    const found = await iconProblem(file);
    setProblem(found);
    if (found !== null) {
      input.value = '';
      return;
    }
    setProgress(0);
    onBusy(true);
    try {
      const answer = await appsApi.update(
        app.applicationId,
        logoUploadPayload(app, file),
        setProgress,
      );
      const uploaded = answer.logoUrl ?? '';
      if (uploaded.trim() !== '') {
        notify.success(answer.message);
        onLogoUrl(uploaded);
        setLogoName(logoNameOf(file.name));
        await queryClient.invalidateQueries({ queryKey: appKeys.one(app.applicationId) });
        await queryClient.invalidateQueries({ queryKey: appKeys.all, exact: true });
      }
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      input.value = '';
      setProgress(null);
      onBusy(false);
    }
  };

  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        App Icon
      </label>
      <div className={styles.logoRow}>
        <img src={logoUrl} alt="" width={40} height={40} className={styles.logoPreview} />
        <span className={styles.logoName} title={fullName ?? undefined}>
          {fullName !== null
            ? lastChars(fullName, Limits.logoNameVisible)
            : isDefault
              ? Messages.app.logoDefault
              : Messages.app.logoCurrent}
        </span>
        {!isDefault && (
          <button
            type="button"
            className={formStyles.linkButton}
            onClick={() => onLogoUrl(brand.defaultAppIconUrl)}
            disabled={progress !== null}
          >
            Clear icon
          </button>
        )}
      </div>
      <input
        id={id}
        type="file"
        accept=".png,image/png"
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint`}
        disabled={progress !== null}
        onChange={(event) => void choose(event)}
      />
      <p id={`${id}-hint`} className={formStyles.hint}>
        PNG, {Limits.iconWidth}×{Limits.iconHeight} px.
      </p>
      {progress !== null && (
        <progress
          className={styles.progress}
          max={1}
          value={progress}
          aria-label="Uploading icon"
        />
      )}
      {problem !== null && (
        <p className={formStyles.error} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
