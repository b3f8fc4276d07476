import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { CoalescingStream } from "./coalescing-stream.server";

function collect(stream: CoalescingStream) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const ended = new Promise<void>((resolve) => stream.on("end", resolve));
  return { chunks, ended };
}

describe("CoalescingStream", () => {
  it("passes a burst of writes on as one chunk, byte for byte", async () => {
    const stream = new CoalescingStream();
    const { chunks, ended } = collect(stream);
    stream.write("<!DOCTYPE html>");
    stream.write(new TextEncoder().encode("<p>Zoë paid $50.00</p>"));
    stream.write(Buffer.from("<p>🎉</p>"));
    stream.end();
    await ended;
    expect(chunks).toEqual(["<!DOCTYPE html><p>Zoë paid $50.00</p><p>🎉</p>"]);
  });

  it("sends each burst when it ends, before the next one is written (streaming still streams)", async () => {
    const stream = new CoalescingStream();
    const { chunks, ended } = collect(stream);
    stream.write("<head>");
    stream.write("<body>");
    await sleep(5);
    expect(chunks).toEqual(["<head><body>"]);
    stream.write("<template>late</template>");
    await sleep(5);
    expect(chunks).toEqual(["<head><body>", "<template>late</template>"]);
    stream.write("</html>");
    stream.end();
    await ended;
    expect(chunks).toEqual(["<head><body>", "<template>late</template>", "</html>"]);
  });

  it("ends with nothing when nothing was written", async () => {
    const stream = new CoalescingStream();
    const { chunks, ended } = collect(stream);
    stream.end();
    await ended;
    expect(chunks).toEqual([]);
  });
});
