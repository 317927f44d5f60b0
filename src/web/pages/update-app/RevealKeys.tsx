import { RevealKeysRequestSchema, type RevealKeysRequest } from '../../../contract/keys.js';
import { Messages } from '../../../contract/messages.js';
import { errorMessage } from '../../api/http.js';
import { schemaValidate } from '../../forms/schema-validate.js';
import { useForm } from '../../forms/use-form.js';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { Modal } from '../../ui/Modal.js';
import { PasswordField } from '../../ui/PasswordField.js';
import styles from './update-app-page.module.css';

interface RevealKeysProps<Answer> {
  readonly isOpen: boolean;
  /** What the whole values are and how long they show. */
  readonly text: string;
  readonly reveal: (password: string) => Promise<Answer>;
  readonly onClose: () => void;
  readonly onRevealed: (answer: Answer) => void;
}

const EMPTY: RevealKeysRequest = { password: '' };
const validate = schemaValidate<RevealKeysRequest, RevealKeysRequest>(RevealKeysRequestSchema);

/** The password asked again before whole keys or secrets show. */
export function RevealKeys<Answer>({
  isOpen,
  text,
  reveal,
  onClose,
  onRevealed,
}: RevealKeysProps<Answer>) {
  const { errors, isSubmitting, field, handleSubmit, reset, setServerError, focus } = useForm({
    initialValues: EMPTY,
    validate,
    showErrorsAfter: 'change',
  });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit(async ({ password }) => {
    try {
      const answer = await reveal(password);
      close();
      onRevealed(answer);
    } catch (failure) {
      // A wrong password, too many tries or a network failure: said beside the field.
      setServerError('password', errorMessage(failure));
      focus('password');
    }
  });

  return (
    <Modal isOpen={isOpen} onClose={close} title={Messages.keys.revealTitle}>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <p>{text}</p>
        <PasswordField
          label={Messages.keys.password}
          autoComplete="current-password"
          error={errors.password}
          {...field('password')}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            {Messages.screens.cancel}
          </Button>
          <Button type="submit" disabled={isSubmitting} isLoading={isSubmitting}>
            {Messages.keys.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
