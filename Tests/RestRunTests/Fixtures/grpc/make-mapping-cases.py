# Writes mapping-cases.json: for each case, the message protobuf's own Python implementation
# encodes from the JSON input, and the JSON its printer (json_format.MessageToJson, default
# options) writes back. Needs grpcio-tools and protobuf (pip); the JSON file is committed, so
# the tests need neither.
import base64, json, os, subprocess, sys, tempfile
from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory

here = os.path.dirname(os.path.abspath(__file__))
out = tempfile.mktemp(suffix=".pb")
subprocess.check_call([sys.executable, "-m", "grpc_tools.protoc", "-I" + here, "--include_imports",
                       "--descriptor_set_out=" + out, "mapping.proto"], cwd=here)
files = descriptor_pb2.FileDescriptorSet.FromString(open(out, "rb").read())
pool = descriptor_pool.DescriptorPool()
for f in files.file:
    pool.Add(f)

cases = [
    ("mapping.Scalars", {}),
    ("mapping.Scalars", {"aDouble": 0.1, "aFloat": 0.1, "aInt32": -5, "aInt64": "-9007199254740993", "aUint32": 4294967295,
                         "aUint64": "18446744073709551615", "aSint32": -2147483648, "aSint64": "-9223372036854775808",
                         "aFixed32": 7, "aFixed64": "8", "aSfixed32": -9, "aSfixed64": "-10", "aBool": True,
                         "aString": "héllo \"quoted\"\n", "aBytes": "AAEC/w==", "color": "GREEN", "maybe": 0, "otherName": "x"}),
    ("mapping.Scalars", {"a_double": 1e20, "a_float": 3.4028234663852886e38, "a_int64": 42, "a_uint64": 7, "color": 5}),
    ("mapping.Scalars", {"aDouble": "NaN", "aFloat": "-Infinity"}),
    ("mapping.Scalars", {"aDouble": -0.0, "aFloat": 1.5, "aInt32": 0, "aString": "", "aBytes": "", "maybe": 5}),
    ("mapping.Scalars", {"aDouble": 123456789.125, "aFloat": 2.5e-8, "aBytes": "-_8"}),
    ("mapping.Collections", {"numbers": [1, -2, 3], "words": ["a", ""], "items": [{}, {"aInt32": 1}], "colors": ["RED", 2, 9],
                             "counts": {"a": "1", "b": 0}, "names": {"-1": "minus", "2": "two"}, "flags": {"true": {"aBool": True}, "false": {}},
                             "shades": {"18446744073709551615": "RED"}, "ratios": [0.5, 1e-300, 1.0]}),
    ("mapping.Collections", {"numbers": [], "counts": {}}),
    ("mapping.Choice", {"text": "hi"}),
    ("mapping.Choice", {"number": "0"}),
    ("mapping.Choice", {"nested": {}}),
    ("mapping.Choice", {"nothing": None, "inner": {"deeper": {"colors": ["RED"]}}}),
    ("mapping.Known", {"at": "1972-01-01T10:00:20.021Z", "took": "1.5s", "big": "9007199254740993", "small": 0, "flag": False,
                       "label": "", "blob": "AQI=", "ratio": 2.5, "fraction": 0.25}),
    ("mapping.Known", {"at": "2020-02-29T23:59:59.000000001+01:00", "took": "-0.000001s", "times": ["1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"]}),
    ("mapping.Known", {"doc": {"a": 1, "b": [True, None, "x", {"c": 2.5}], "e": {}}, "anything": "text", "list": [1, "two", None],
                       "values": {"n": None, "s": "x", "o": {"k": []}}}),
    ("mapping.Known", {"anything": None}),
    ("mapping.Known", {"anything": {"deep": [1, 2]}, "mask": "aInt32,items.aString,fooBar", "nothing": {}}),
    ("mapping.Known", {"packed": {"@type": "type.googleapis.com/mapping.Scalars", "aInt32": 3, "color": "RED"}}),
    ("mapping.Known", {"packed": {"@type": "type.googleapis.com/google.protobuf.Duration", "value": "3s"}}),
    ("mapping.Known", {"packed": {"@type": "type.googleapis.com/google.protobuf.Struct", "value": {"x": 1}}}),
    ("mapping.Old", {"record": {"id": "r1"}}),
    ("mapping.Old", {"record": {"id": "", "count": 7, "on": False, "packed": [1, 2], "unpacked": [3], "extra": {"note": "n"}, "level": "HIGH"}}),
]

result = []
for type_name, value in cases:
    cls = message_factory.GetMessageClass(pool.FindMessageTypeByName(type_name))
    message = json_format.Parse(json.dumps(value), cls(), descriptor_pool=pool)
    printed = json_format.MessageToJson(message, descriptor_pool=pool, indent=None)
    result.append({"type": type_name, "input": value, "binary": base64.b64encode(message.SerializeToString()).decode(),
                   "printed": printed})
with open(os.path.join(here, "mapping-cases.json"), "w") as f:
    json.dump(result, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(f"{len(result)} cases")
