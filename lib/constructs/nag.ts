import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges a cdk-nag finding on a construct and everything under it (cdk-nag v3 uses CDK's
 * `Validations`). `id` is a rule (`AwsSolutions-S1`) or one finding of it (`AwsSolutions-IAM5[...]`).
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * Acknowledges the AwsSolutions-IAM5 finding for one wildcard resource of a grant, named exactly as
 * cdk-nag names it (`Resource::<LogicalId.Arn>/index/*`), so no other wildcard slips through.
 */
export function acknowledgeWildcardResource(scope: IConstruct, resourceArn: string, reason: string): void {
  const flat = flattenReference(Stack.of(scope).resolve(resourceArn));
  acknowledge(scope, `AwsSolutions-IAM5[Resource::${flat}]`, reason);
}

/** Same flattening as cdk-nag's IAM5 rule: Ref -> `<Id>`, GetAtt -> `<Id.Attr>`, Join concatenated. */
function flattenReference(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (node && typeof node === 'object') {
    const obj = node as Record<string, unknown>;
    const join = obj['Fn::Join'];
    if (Array.isArray(join)) {
      const [delimiter, items] = join as [string, unknown[]];
      return items.map(flattenReference).join(delimiter);
    }
    if (obj['Fn::Sub'] !== undefined) return flattenReference(obj['Fn::Sub']);
    const getAtt = obj['Fn::GetAtt'];
    if (Array.isArray(getAtt)) return `<${flattenReference(getAtt[0])}.${flattenReference(getAtt[1])}>`;
    if (obj.Ref !== undefined) return `<${flattenReference(obj.Ref)}>`;
  }
  return JSON.stringify(node);
}
