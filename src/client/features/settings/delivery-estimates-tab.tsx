/**
 * Delivery estimates: the typical days per stage the estimates use until there is enough delivered
 * history, and how accurate the estimates have been on the units delivered so far (the back-test).
 */
import { useForm } from 'react-hook-form';
import { plural } from '../../../shared/plural.js';
import {
  type ForecastAccuracy,
  type StageDefaultDays,
  TIMED_STAGES,
} from '../../../shared/schemas/forecast.js';
import { STAGE_LABELS } from '../../../shared/stages.js';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/api';
import { useForecastAccuracy } from '../forecast/api';
import { useSaveSettings, useSettings } from './api';
import { useSaveFeedback } from './save-feedback';
import { SaveRow, SettingsCard, SettingsLoadState } from './settings-form';

export function DeliveryEstimatesTab() {
  return (
    <div className="grid gap-6">
      <AccuracyCard />
      <DefaultsSection />
    </div>
  );
}

function DefaultsSection() {
  const settings = useSettings('forecast');
  if (!settings.data) return <SettingsLoadState error={settings.error} onRetry={() => settings.refetch()} />;
  return <DefaultsForm saved={settings.data.stageDefaultDays} />;
}

function DefaultsForm({ saved }: { saved: StageDefaultDays }) {
  const form = useForm<StageDefaultDays>({ values: saved });
  const save = useSaveSettings('forecast');
  const feedback = useSaveFeedback();
  const submit = form.handleSubmit((values) =>
    save.mutate({ stageDefaultDays: values }, { onSuccess: feedback.succeeded, onError: feedback.failed }),
  );
  return (
    <SettingsCard
      title="Typical days per stage"
      description="Until 30 delivered units have passed a stage, a unit's window there is the sum of the typical days of its remaining stages, from 0.75 to 1.4 times that sum."
    >
      <form noValidate className="grid gap-6" onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {TIMED_STAGES.map((stage) => (
            <TextField
              key={stage}
              error={form.formState.errors[stage]?.message}
              label={`${STAGE_LABELS[stage]} (days)`}
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
              step={1}
              {...form.register(stage, {
                valueAsNumber: true,
                validate: (value) =>
                  (Number.isInteger(value) && value >= 0 && value <= 365) || 'Enter whole days from 0 to 365',
              })}
            />
          ))}
        </div>
        <SaveRow label="Save Typical Days" pending={save.isPending} saved={feedback.saved} />
      </form>
    </SettingsCard>
  );
}

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);
const days = (value: number | null) =>
  value === null ? '–' : `${value.toLocaleString('en-US')} ${plural(value, 'day', 'days')}`;

function AccuracyCard() {
  const accuracy = useForecastAccuracy();
  return (
    <SettingsCard
      title="Delivery estimates"
      description="How the estimates made when each delivered unit entered production compare with its real delivery day, using only the deliveries known at that moment."
    >
      {accuracy.isPending && <p className="text-muted-foreground text-sm">Computing…</p>}
      {accuracy.isError && (
        <p className="text-destructive text-sm">
          {errorMessage(accuracy.error) ?? 'We could not compute the figures.'}
        </p>
      )}
      {accuracy.data && <AccuracyFigures accuracy={accuracy.data} />}
    </SettingsCard>
  );
}

function AccuracyFigures({ accuracy }: { accuracy: ForecastAccuracy }) {
  if (accuracy.units === 0) {
    return (
      <p className="text-muted-foreground text-sm">No delivered unit has gone through production yet.</p>
    );
  }
  const figures: [string, string][] = [
    ['Delivered units tested', accuracy.units.toLocaleString()],
    ['Delivered inside their window', percent(accuracy.coverage)],
    ['Mean error of the window’s middle', days(accuracy.meanAbsoluteErrorDays)],
    ['Mean window width', days(accuracy.meanWindowDays)],
    [
      'Estimated from history / from typical days',
      `${accuracy.byBasis.history} / ${accuracy.byBasis.defaults}`,
    ],
    [
      'Mean error of one average duration for all',
      `${days(accuracy.baseline.meanAbsoluteErrorDays)} (average ${days(accuracy.baseline.meanProductionToDeliveryDays)})`,
    ],
  ];
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
      {figures.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted-foreground">{name}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
