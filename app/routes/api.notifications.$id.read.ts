export function action() { return Response.json({ ok: false }, { status: 404 }); }
