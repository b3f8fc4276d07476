import { Card } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/profile._index";

export function meta() {
  return [{ title: "Profile — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  return { name: user.name, email: user.email, memberSince: user.createdAt.toISOString() };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Profile Information</h1>
      <Card className="mt-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">Display name</dt>
            <dd className="font-medium text-slate-900">{loaderData.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Email</dt>
            <dd className="font-medium text-slate-900">{loaderData.email}</dd>
            <dd className="text-xs text-slate-500">Email cannot be changed</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Member since</dt>
            <dd className="font-medium text-slate-900">
              {new Date(loaderData.memberSince).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "America/New_York" })}
            </dd>
          </div>
        </dl>
      </Card>
    </>
  );
}
