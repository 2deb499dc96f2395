/**
 * The distribution's alarms. CloudFront publishes its metrics (AWS/CloudFront, Region=Global) in
 * us-east-1 only, and an alarm can watch only metrics of its own region, so they cannot live in the
 * site stack (the site's region) nor in the edge stack (us-east-1, but deployed before the
 * distribution exists). This small us-east-1 stack comes after the site stack and reads the
 * distribution's id from it (a weak reference, Fn::GetStackOutput). An alarm notifies a topic of its
 * own region: it has its own topic, mailed to the same operator.
 *
 *   alarm                  metric                                                fires when (5-minute periods)
 *   CloudFront5xxRate      AWS/CloudFront 5xxErrorRate of this distribution      ≥ THRESHOLDS.cloudfront5xxPercent %
 *                          (every behaviour: web, /api, /media)                  of at least api5xxMinRequests requests
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { THRESHOLDS } from '../constructs/monitoring';
import type { Settings } from './settings';

export interface EdgeAlarmsStackProps extends StackProps {
  settings: Settings;
  distribution: IDistribution;
}

const PERIOD = Duration.minutes(5);

export class EdgeAlarmsStack extends Stack {
  readonly topic: Topic;
  readonly alarms: Record<string, Alarm> = {};

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    const { settings, distribution } = props;

    this.topic = new Topic(this, 'Alarms', { displayName: 'Bioscope alarms (CloudFront)', enforceSSL: true });
    if (settings.alarmEmail) this.topic.addSubscription(new EmailSubscription(settings.alarmEmail));
    const notify = new SnsAction(this.topic);

    const dimensionsMap = { DistributionId: distribution.distributionId, Region: 'Global' };
    const cf = (metricName: string, statistic: string) => new Metric({ namespace: 'AWS/CloudFront', metricName, dimensionsMap, period: PERIOD, statistic });
    const rate5xx = new MathExpression({
      expression: `IF(requests >= ${THRESHOLDS.api5xxMinRequests}, FILL(rate, 0), 0)`,
      usingMetrics: { requests: cf('Requests', Stats.SUM), rate: cf('5xxErrorRate', Stats.AVERAGE) },
      period: PERIOD,
      label: 'CloudFront 5xx % of requests',
    });
    const alarm = new Alarm(this, 'CloudFront5xxRate', {
      alarmDescription: `Bioscope (${this.stackName}): ${THRESHOLDS.cloudfront5xxPercent} % or more of the site's answers at CloudFront are 5xx (the API, a bucket or CloudFront itself)`,
      metric: rate5xx,
      threshold: THRESHOLDS.cloudfront5xxPercent,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(notify);
    alarm.addOkAction(notify);
    this.alarms.CloudFront5xxRate = alarm;
  }
}
