/**
 * How the second factor forms use react-hook-form: a message changes only when the form is sent (a
 * server's refusal stays under its field while the user corrects it), and focus stays on the button
 * that sent it, the message being read with its field (TextField's aria-describedby).
 */
export const sendOnlyValidation = { reValidateMode: 'onSubmit', shouldFocusError: false } as const;
