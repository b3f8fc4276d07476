export default function Page() {
  return <p>TODO</p>;
}
