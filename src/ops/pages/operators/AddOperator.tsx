import {
  AddOperatorRequestSchema,
  OPERATOR_ROLES,
  type AddOperatorRequest,
  type EnrollmentLinkResponse,
} from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { errorMessage } from '../../../web/api/api-error.js';
import { schemaValidate } from '../../../web/forms/schema-validate.js';
import { useForm } from '../../../web/forms/use-form.js';
import { Button } from '../../../web/ui/Button.js';
import formStyles from '../../../web/ui/forms.module.css';
import { TextField } from '../../../web/ui/TextField.js';
import { operatorsApi } from '../../api/operators-api.js';
import styles from './operators-page.module.css';

const text = OpsMessages.operators;
const EMPTY: AddOperatorRequest = { email: '', role: 'reviewer' };
const validate = schemaValidate<AddOperatorRequest, AddOperatorRequest>(AddOperatorRequestSchema);

interface AddOperatorProps {
  readonly onAdded: (email: string, link: EnrollmentLinkResponse) => void;
}

/** E-mail and role of a new operator; the server's refusal (exists) shows beside the e-mail. */
export function AddOperator({ onAdded }: AddOperatorProps) {
  const { errors, isSubmitting, field, handleSubmit, reset, setServerError, focus } = useForm({
    initialValues: EMPTY,
    validate,
    showErrorsAfter: 'blur',
  });
  const submit = handleSubmit(async (body) => {
    try {
      const link = await operatorsApi.add(body);
      reset(EMPTY);
      onAdded(body.email, link);
    } catch (failure) {
      setServerError('email', errorMessage(failure));
      focus('email');
    }
  });
  return (
    <form
      className={styles.add}
      aria-label={text.add}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <TextField
        label={text.email}
        type="email"
        autoComplete="off"
        error={errors.email}
        {...field('email')}
      />
      <div className={formStyles.field}>
        <label htmlFor="add-operator-role" className={formStyles.label}>
          {text.role}
        </label>
        <select id="add-operator-role" className={formStyles.select} {...field('role')}>
          {OPERATOR_ROLES.map((role) => (
            <option key={role} value={role}>
              {OpsMessages.roles[role]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={isSubmitting} isLoading={isSubmitting}>
        {text.addSubmit}
      </Button>
    </form>
  );
}
