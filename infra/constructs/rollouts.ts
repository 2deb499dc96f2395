/**
 * Safe rollouts: each function's `live` alias (DomainFunction) is moved to a new version by CodeDeploy,
 * not by CloudFormation at once. In a canary, 10 % of the invocations reach the new version for 5
 * minutes; if the alias's error alarm fires meanwhile (a crash or a timeout of the new code), CodeDeploy
 * sends all traffic back to the old version and the stack update fails, so the old code keeps serving.
 *
 *   alarm                  metric                                                  fires when
 *   <Name>AliasErrors      AWS/Lambda Errors of <function>:live (1-minute periods)  ≥ THRESHOLDS.aliasErrors in a minute
 *
 * Handled errors are HTTP answers, not Errors: only crashes and timeouts count, as in LambdaErrors.
 *
 * The setting `rollout`: canary in prod; all-at-once in dev, where a deploy should take seconds and
 * 10 % of a developer's few requests proves nothing (the alias, the group and the alarms are the same,
 * so dev still exercises the path prod takes). A rollback can only judge errors that happen: a canary
 * in an hour without students passes on no data (the alarm treats missing data as fine).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ILambdaDeploymentConfig, LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import type { Alias } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { Rollout } from '../stacks/settings';

export const ROLLOUT_CONFIGS: Record<Rollout, ILambdaDeploymentConfig> = {
  canary: LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
  'all-at-once': LambdaDeploymentConfig.ALL_AT_ONCE,
};

export const ROLLOUT_THRESHOLDS = {
  /** Crashes or timeouts of the alias in one minute that roll a deployment back. */
  aliasErrors: 1,
} as const;

export interface RolloutsProps {
  /** The `live` alias of each function, by a name used in construct ids ('Auth', 'OnUpload'…). */
  aliases: Record<string, Alias>;
  rollout: Rollout;
  /** The alarms' topic (the operator hears of a rollback too). */
  topic: ITopic;
}

export class Rollouts extends Construct {
  /** One CodeDeploy application of the stack, a deployment group per function. */
  readonly application: LambdaApplication;
  readonly groups: Record<string, LambdaDeploymentGroup> = {};
  readonly alarms: Record<string, Alarm> = {};

  constructor(scope: Construct, id: string, props: RolloutsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const notify = new SnsAction(props.topic);
    this.application = new LambdaApplication(this, 'Application');
    for (const [name, alias] of Object.entries(props.aliases)) {
      const alarm = new Alarm(this, `${name}AliasErrors`, {
        alarmDescription: `Bioscope (${stack.stackName}): the live version of ${alias.lambda.functionName} crashes or times out; a deployment in progress is rolled back`,
        metric: alias.metricErrors({ period: Duration.minutes(1), statistic: Stats.SUM }),
        threshold: ROLLOUT_THRESHOLDS.aliasErrors,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(notify);
      alarm.addOkAction(notify);
      this.alarms[name] = alarm;
      const group = new LambdaDeploymentGroup(this, `${name}Deployment`, {
        application: this.application,
        alias,
        deploymentConfig: ROLLOUT_CONFIGS[props.rollout],
        alarms: [alarm],
        autoRollback: { failedDeployment: true, deploymentInAlarm: true, stoppedDeployment: true },
      });
      this.groups[name] = group;
      Validations.of(group.role).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
        reason: "CodeDeploy's own service role for Lambda: AWS's limited policy lets it read the alarms and move the function's alias, nothing more.",
      });
    }
  }
}
