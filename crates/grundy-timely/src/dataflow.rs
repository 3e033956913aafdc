//! The two dataflow shapes the engine is made of: rounds of messages around a loop, and one
//! exchange of records between workers.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::{ConnectLoop, Feedback, ToStream};
use timely::worker::Worker;
use timely::ExchangeData;

/// Runs a loop of rounds until no message is left, and returns the number of rounds that
/// carried messages, the same on every worker.
///
/// `seed` is called once, in round 0, for the first messages. Every message is delivered to the
/// worker `route` names; once every worker has finished round r (timely's frontier has passed
/// it), `step(r + 1, messages)` gets the messages sent in round r, all at once, and returns the
/// messages of round r + 1 through its second argument. Every message of a round is thus
/// handled before any of the next, on every worker. O(messages) beside the callbacks, one
/// synchronisation per round.
pub(crate) fn rounds<M: ExchangeData>(
    worker: &mut Worker,
    route: impl Fn(&M) -> u64 + 'static,
    seed: impl FnOnce(&mut Vec<M>) + 'static,
    step: impl FnMut(u64, Vec<M>, &mut Vec<M>) + 'static,
) -> u64 {
    let last = Rc::new(RefCell::new(0u64));
    let seen = Rc::clone(&last);
    worker.dataflow::<u64, _, _>(move |scope| {
        let (handle, cycle) = scope.feedback::<Vec<M>>(1);
        let mut step = step;
        cycle
            .unary_frontier(Exchange::new(route), "rounds", move |cap, _| {
                let mut seed = Some((cap, seed));
                let mut stash = BTreeMap::new();
                let mut out = Vec::new();
                move |(input, frontier), output| {
                    if let Some((cap, seed)) = seed.take() {
                        seed(&mut out);
                        output.session(&cap).give_iterator(out.drain(..));
                    }
                    let port = output.output_index();
                    input.for_each(|cap, data| {
                        if let Some(cap) = cap.retain_least(port) {
                            stash
                                .entry(*cap.time())
                                .or_insert_with(|| (cap, Vec::new()))
                                .1
                                .append(data);
                        }
                    });
                    while let Some(entry) = stash.first_entry() {
                        if frontier.less_equal(entry.key()) {
                            break;
                        }
                        let round = *entry.key();
                        let (cap, batch) = entry.remove();
                        *seen.borrow_mut() = round;
                        step(round, batch, &mut out);
                        if !out.is_empty() {
                            output.session(&cap).give_iterator(out.drain(..));
                        }
                    }
                }
            })
            .connect_loop(handle);
    });
    run_to_end(worker);
    let rounds = *last.borrow();
    rounds
}

/// Sends each record to the worker `route` names and returns the records this worker received,
/// once every worker has sent all of its own. O(records).
pub(crate) fn exchange<D: ExchangeData>(
    worker: &mut Worker,
    records: Vec<D>,
    route: impl Fn(&D) -> u64 + 'static,
) -> Vec<D> {
    let received = Rc::new(RefCell::new(Vec::new()));
    let sink = Rc::clone(&received);
    worker.dataflow::<u64, _, _>(move |scope| {
        records.to_stream(scope).sink(
            Exchange::new(route),
            "exchange",
            move |(input, _frontier)| {
                input.for_each(|_cap, data| sink.borrow_mut().append(data));
            },
        );
    });
    run_to_end(worker);
    received.take()
}

/// Sends `value` to every worker and returns every worker's value, in worker order: an
/// agreement every worker reaches alike. O(workers) records per worker.
pub(crate) fn everyone<D: ExchangeData + Clone>(worker: &mut Worker, value: D) -> Vec<D> {
    let me = worker.index() as u64;
    let records = (0..worker.peers() as u64)
        .map(|to| (to, me, value.clone()))
        .collect();
    let mut all = exchange(worker, records, |(to, _, _)| *to);
    all.sort_unstable_by_key(|(_, from, _)| *from);
    all.into_iter().map(|(_, _, value)| value).collect()
}

/// Steps the worker until its dataflows are complete on every worker.
fn run_to_end(worker: &mut Worker) {
    while worker.has_dataflows() {
        worker.step_or_park(None);
    }
}
