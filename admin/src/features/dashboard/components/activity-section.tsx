import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/spinner';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { ACTIVITY_WINDOW_DAYS, useActivity } from '../api/get-activity';
import { ActivityChart } from './activity-chart';

/** The chart card; it loads on its own, so a slow or failed chart never holds up the rest. */
export function ActivitySection() {
  const activity = useActivity(useScreenTimeZone());
  return (
    <section className="card section" aria-labelledby="activity-title">
      <h2 id="activity-title">Activity, last {ACTIVITY_WINDOW_DAYS} days</h2>
      {activity.status === 'loading' && <Loading label="Loading activity..." />}
      {activity.status === 'error' && <LoadError what="the activity chart" error={activity.error} onRetry={activity.retry} compact />}
      {activity.status === 'success' && <ActivityChart activity={activity.data} />}
    </section>
  );
}
