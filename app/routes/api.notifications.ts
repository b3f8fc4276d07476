export function loader() { return Response.json({ notifications: [] }); }
